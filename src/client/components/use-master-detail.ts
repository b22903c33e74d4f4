// The master-detail pattern of a form with lines (exits, requests, costs, valuations) in one hook: the record is
// loaded once into the form (head fields through `onLoad`, lines into useLineItems), removed saved lines go to
// `trash`, and the line sub-modal knows which line it edits (`item.index`: -1 adds one). The form renders
// <LineItemsHeader onAdd={md.item.openNew} />, its <LineItemTable … onEdit={md.item.openEdit} onRemove={md.lines.remove} />
// and, outside the <form>, its ItemModal with `open={md.item.open}`, `line={md.item.line}`, `onSubmit={md.item.submit}`.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLineItems, type LineItems } from './line-items';

export interface MasterDetailInput<L, D> {
  /** The record being edited as its query holds it (undefined while loading); null/undefined when creating. */
  detail?: D | undefined;
  /** True when a record is edited: the form waits for `detail` before showing its fields. */
  editing: boolean;
  /** The record's load failed (FormModal's loadFailed). */
  loadFailed?: boolean;
  /** Puts the record's head fields into the form (react-hook-form's reset) and returns its lines. Called once. */
  onLoad?: (detail: D) => L[];
  /** Server id of a line; null/undefined for a line not saved yet (it leaves no trash when removed). */
  keyOf: (line: L) => string | number | null | undefined;
  /** Lines and trash to start with when correcting a rejected outbox item (its body). */
  initialLines?: L[];
  initialTrash?: L[];
  /**
   * What the sub-modal's line does to the list: default, it replaces line `index` or is added (index -1). A form
   * with its own rule (an exit line whose supply changed becomes a new line) passes it here.
   */
  onItem?: (line: L, index: number, lines: LineItems<L>) => void;
}

export interface MasterDetail<L> {
  /** False until the edited record is in the form. */
  loaded: boolean;
  loadFailed: boolean;
  lines: LineItems<L>;
  /** Removed saved lines, including those of a corrected outbox item: send as `trash`. */
  trash: L[];
  /** True when lines were added, changed or removed. */
  dirty: boolean;
  item: {
    open: boolean;
    /** -1 for a new line, the line's index when editing, null when the sub-modal is closed. */
    index: number | null;
    /** The line being edited, null when adding. */
    line: L | null;
    openNew: () => void;
    openEdit: (index: number) => void;
    close: () => void;
    /** For the sub-modal's onOpenChange. */
    onOpenChange: (open: boolean) => void;
    /** The sub-modal's line, applied by `onItem`. */
    submit: (line: L) => void;
  };
}

export function useMasterDetail<L, D = unknown>({
  detail,
  editing,
  loadFailed = false,
  onLoad,
  keyOf,
  initialLines = [],
  initialTrash = [],
  onItem,
}: MasterDetailInput<L, D>): MasterDetail<L> {
  const lines = useLineItems<L>(initialLines, keyOf);
  const [baseTrash] = useState<L[]>(initialTrash);
  const [loaded, setLoaded] = useState(!editing);
  const [index, setIndex] = useState<number | null>(null);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;

  const { reset } = lines;
  useEffect(() => {
    if (loaded || detail === undefined || detail === null) return;
    reset(onLoadRef.current?.(detail) ?? []);
    setLoaded(true);
  }, [detail, loaded, reset]);

  const trash = useMemo(() => [...baseTrash, ...lines.trash], [baseTrash, lines.trash]);
  const line = index !== null && index >= 0 ? (lines.lines[index] ?? null) : null;

  const submit = useCallback(
    (next: L) => {
      const i = index ?? -1;
      if (onItem) return onItem(next, i, lines);
      if (i >= 0 && i < lines.lines.length) lines.update(i, next);
      else lines.add(next);
    },
    [index, onItem, lines],
  );

  return {
    loaded,
    loadFailed,
    lines,
    trash,
    dirty: lines.dirty,
    item: {
      open: index !== null,
      index,
      line,
      openNew: () => setIndex(-1),
      openEdit: setIndex,
      close: () => setIndex(null),
      onOpenChange: (o) => !o && setIndex(null),
      submit,
    },
  };
}
