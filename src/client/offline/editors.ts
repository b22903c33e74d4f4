// 'Abrir y corregir' of any resource: the correcting form is part of each resource's declaration (resource.ts);
// opening an item (from Sincronización or a list row) asks the app's editor host to show that form.
import { useSyncExternalStore } from 'react';
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

/** What the host gives the opened item's form. */
export interface OpenedEditorProps extends OutboxFix {
  onClose: () => void;
}

/** The fix of an item of a known resource: its body too, typed as the resource saves it. */
export interface TypedFix<Body> extends OutboxFix {
  body: Body;
}

/** What a resource's correcting form gets (its declaration's `editor`). */
export interface OutboxEditorProps<Body = unknown> extends TypedFix<Body> {
  onClose: () => void;
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
