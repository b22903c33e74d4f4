// 'Abrir y corregir' of a rejected daily report: the report modal, opened with the item's body (loaded on first use).
import { lazy } from 'react';
import { registerOutboxEditor, type OutboxEditorProps } from '@client/offline';
import { RESOURCE } from './api';

registerOutboxEditor(
  RESOURCE,
  lazy(async () => {
    const { ParteSaveDialog } = await import('./parte-save-dialog');
    return { default: ({ onClose, ...fix }: OutboxEditorProps) => <ParteSaveDialog item={null} onClose={onClose} fix={fix} /> };
  }),
);
