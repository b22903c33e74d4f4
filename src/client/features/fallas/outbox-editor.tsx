// 'Abrir y corregir' of a rejected failure: the failure modal, opened with the item's body and its photos.
import { lazy } from 'react';
import { registerOutboxEditor, type OutboxEditorProps } from '@client/offline';
import { RESOURCE } from './api';

registerOutboxEditor(
  RESOURCE,
  lazy(async () => {
    const { FallaDialog } = await import('./falla-dialog');
    return {
      default: ({ onClose, ...fix }: OutboxEditorProps) => <FallaDialog open onOpenChange={(o) => !o && onClose()} row={null} fix={fix} />,
    };
  }),
);
