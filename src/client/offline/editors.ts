// 'Abrir y corregir' of any resource: each feature registers the form that corrects its rejected outbox items;
// opening an item (from Sincronización or a list row) asks the app's editor host to show that form.
import { useSyncExternalStore, type ComponentType } from 'react';
import type { OutboxItem } from './db';
import type { AttachmentInput } from './outbox-files';
import { createEmitter } from './sync-events';
import type { SubmitResult } from './sync-submit';

/** What a correcting form gets besides closing itself. */
export interface OutboxFix {
  /** The rejected item as it was opened: `body` prefills the form, `lastError`/`lastErrors` say what was refused. */
  item: OutboxItem;
  /**
   * Sends the corrected body in place of the rejected item (its files follow, or `files` replaces them) and waits
   * like a save: resolves the server's answer or `{ queued: true }`; a new refusal rejects with OutboxRejection
   * and the form may correct and call it again.
   */
  resend: (body: unknown, files?: readonly AttachmentInput[]) => Promise<SubmitResult>;
}

export interface OutboxEditorProps extends OutboxFix {
  onClose: () => void;
}

export type OutboxEditor = ComponentType<OutboxEditorProps>;

const editors = new Map<string, OutboxEditor>();
const editorEvents = createEmitter<void>();

/** Registers (or replaces) the correcting form of a resource; returns a function that unregisters it. */
export function registerOutboxEditor(resource: string, editor: OutboxEditor): () => void {
  editors.set(resource, editor);
  editorEvents.emit();
  return () => {
    if (editors.get(resource) !== editor) return;
    editors.delete(resource);
    editorEvents.emit();
  };
}

/** The registered form of a resource, live (undefined while none is registered). */
export function useOutboxEditor(resource: string | undefined): OutboxEditor | undefined {
  return useSyncExternalStore(
    editorEvents.on,
    () => (resource === undefined ? undefined : editors.get(resource)),
    () => undefined,
  );
}

let opened: OutboxItem | null = null;
const openEvents = createEmitter<void>();

/** Shows the registered form of the item's resource over the current screen (one item at a time). */
export function openOutboxEditor(item: OutboxItem): void {
  opened = item;
  openEvents.emit();
}

export function closeOutboxEditor(): void {
  if (opened === null) return;
  opened = null;
  openEvents.emit();
}

/** The item whose correcting form is open, live. */
export function useOpenedOutboxItem(): OutboxItem | null {
  return useSyncExternalStore(
    openEvents.on,
    () => opened,
    () => null,
  );
}
