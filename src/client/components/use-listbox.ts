// The list half of an ARIA combobox, shared by SearchableSelect (local options) and Typeahead (server suggestions):
// the highlighted row, the keys (↑ ↓ move round the list, Enter chooses the highlighted row, Escape closes the list
// only — the modal around it stays open —, Tab closes it) and the place of the list, portaled to <body> so a modal
// never clips it and kept under the input while the page scrolls or resizes.
import { useLayoutEffect, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';

export interface ListboxInput<T> {
  /** The rows the keys move over. */
  items: readonly T[];
  /** The list is on screen. */
  shown: boolean;
  /** The input the list hangs under. */
  anchor: RefObject<HTMLElement | null>;
  /** Id of the <ul role="listbox">, for the options' ids. */
  listId: string;
  /** Highlighted row when the hook starts (-1: none). */
  initialActive?: number;
  onOpen: () => void;
  onClose: () => void;
  onChoose: (item: T) => void;
  /** False while the rows are not ready to be chosen (suggestions still loading). */
  canChoose?: boolean;
  /** An arrow on a closed list only opens it (a select); otherwise it opens it and moves at once. */
  arrowOpensFirst?: boolean;
}

export function useListbox<T>({
  items,
  shown,
  anchor,
  listId,
  initialActive = 0,
  onOpen,
  onClose,
  onChoose,
  canChoose = true,
  arrowOpensFirst = false,
}: ListboxInput<T>) {
  const [active, setActive] = useState(initialActive);
  const [rect, setRect] = useState<{ left: number; top: number; width: number } | null>(null);

  useLayoutEffect(() => {
    if (!shown) return;
    const place = () => {
      const r = anchor.current?.getBoundingClientRect();
      if (r) setRect({ left: r.left, top: r.bottom + 2, width: r.width });
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [shown, anchor]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (arrowOpensFirst) {
        e.preventDefault();
        if (!shown) return onOpen();
      }
      if (items.length === 0) return;
      e.preventDefault();
      onOpen();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      const item = active >= 0 ? items[active] : undefined;
      if (shown && canChoose && item !== undefined) {
        // A chosen row must not also submit the form around the field.
        e.preventDefault();
        e.stopPropagation();
        onChoose(item);
      }
    } else if (e.key === 'Escape') {
      if (shown) {
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }
    } else if (e.key === 'Tab') onClose();
  };

  const listStyle: CSSProperties = {
    position: 'fixed',
    left: rect?.left ?? 0,
    top: rect?.top ?? 0,
    width: rect?.width,
    pointerEvents: 'auto',
  };

  return {
    active,
    setActive,
    onKeyDown,
    listStyle,
    optionId: (i: number) => `${listId}-opt-${i}`,
    /** For the input's aria-activedescendant. */
    activeId: shown && canChoose && active >= 0 && items[active] !== undefined ? `${listId}-opt-${active}` : undefined,
  };
}
