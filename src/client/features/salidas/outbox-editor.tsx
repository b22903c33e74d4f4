// 'Abrir y corregir' of a rejected exit: the exit modal, opened with the item's body (loaded on first use).
import { lazy } from 'react';
import { registerOutboxEditor, type OutboxEditorProps } from '@client/offline';
import { RESOURCE } from './api';

registerOutboxEditor(
  RESOURCE,
  lazy(async () => {
    const { SalidaDialog } = await import('./salida-dialog');
    return {
      default: ({ onClose, ...fix }: OutboxEditorProps) => (
        <SalidaDialog open onOpenChange={(o) => !o && onClose()} editId={null} fix={fix} />
      ),
    };
  }),
);
