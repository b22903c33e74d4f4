// 'Abrir y corregir' for every resource: loads each feature's registration (features/<resource>/outbox-editor.ts,
// found by name, so a new offline form needs no line here) and mounts the host that shows the correcting form.
import { OutboxEditorHost } from '@client/offline/ui';

import.meta.glob(['../features/*/outbox-editor.ts', '../features/*/outbox-editor.tsx'], { eager: true });

export function OutboxEditors() {
  return <OutboxEditorHost />;
}
