// useLineItems: the item list of a master-detail form (exits, requests, costs, valuations). Removing a line that
// already exists on the server moves it to `trash`, which is sent with the save (spec: editor modes / trash).
import { useCallback, useMemo, useRef, useState } from 'react';

export interface LineItems<L> {
  lines: L[];
  /** Stable React keys, one per line (server id when present, otherwise a local one). */
  keys: string[];
  /** Removed lines that exist on the server; send as `trash`. */
  trash: L[];
  add: (line: L) => void;
  /** Replaces line `index` (value or updater). */
  update: (index: number, next: L | ((old: L) => L)) => void;
  remove: (index: number) => void;
  /** Loads a record's lines (e.g. when the edit modal opens) and empties the trash. */
  reset: (lines: L[]) => void;
  /** True after any add/update/remove since the last reset. */
  dirty: boolean;
}

/**
 * @param initial lines at mount
 * @param keyOf server id of a line, or null/undefined for a line not saved yet (e.g. l => l.salida_det_id)
 */
export function useLineItems<L>(initial: L[], keyOf: (line: L) => string | number | null | undefined): LineItems<L> {
  const seq = useRef(0);
  const keyOfRef = useRef(keyOf);
  keyOfRef.current = keyOf;
  const wrap = useCallback((line: L) => {
    const id = keyOfRef.current(line);
    return { key: id === null || id === undefined ? `new-${++seq.current}` : `id-${id}`, line };
  }, []);
  const [state, setState] = useState(() => ({ items: initial.map(wrap), trash: [] as L[], dirty: false }));

  const add = useCallback((line: L) => setState((s) => ({ ...s, items: [...s.items, wrap(line)], dirty: true })), [wrap]);

  const update = useCallback(
    (index: number, next: L | ((old: L) => L)) =>
      setState((s) => {
        if (index < 0 || index >= s.items.length) return s;
        const items = s.items.slice();
        const old = items[index];
        const line = typeof next === 'function' ? (next as (o: L) => L)(old.line) : next;
        items[index] = { key: old.key, line };
        return { ...s, items, dirty: true };
      }),
    [],
  );

  const remove = useCallback(
    (index: number) =>
      setState((s) => {
        if (index < 0 || index >= s.items.length) return s;
        const removed = s.items[index].line;
        const id = keyOfRef.current(removed);
        const trash = id === null || id === undefined ? s.trash : [...s.trash, removed];
        return { items: s.items.filter((_, i) => i !== index), trash, dirty: true };
      }),
    [],
  );

  const reset = useCallback((lines: L[]) => setState({ items: lines.map(wrap), trash: [], dirty: false }), [wrap]);

  const lines = useMemo(() => state.items.map((i) => i.line), [state.items]);
  const keys = useMemo(() => state.items.map((i) => i.key), [state.items]);
  return { lines, keys, trash: state.trash, add, update, remove, reset, dirty: state.dirty };
}
