// Per-resource editors for "Abrir y corregir": a feature opens its form prefilled with a rejected item.
import type { OutboxItem } from './db';

/** Opens the resource's form with `item.body`; on save the form calls `resend(item.id, correctedBody)`. */
export type OutboxEditor = (item: OutboxItem) => void;

const editors = new Map<string, OutboxEditor>();

/** Registers (or replaces) the editor of a resource; returns a function that unregisters it. */
export function registerOutboxEditor(resource: string, editor: OutboxEditor): () => void {
  editors.set(resource, editor);
  return () => {
    if (editors.get(resource) === editor) editors.delete(resource);
  };
}

export function getOutboxEditor(resource: string): OutboxEditor | undefined {
  return editors.get(resource);
}
