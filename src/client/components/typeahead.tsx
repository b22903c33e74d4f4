// <Typeahead<T>>: input with server suggestions (supplies, operators by DNI, plates). ARIA combobox, keyboard
// navigation (↑ ↓ Enter; Escape closes the list only), list portaled to <body> so modals never clip it.
import { useEffect, useId, useRef, useState, type ClipboardEventHandler, type InputHTMLAttributes, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MSG } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { inputClass } from './ui/input';
import { useListbox } from './use-listbox';
import { useTypeaheadSearch } from './use-typeahead-search';

export interface TypeaheadProps<T> {
  /** Fetches suggestions; must honour `signal` (stale requests are aborted). */
  search: (q: string, signal: AbortSignal) => Promise<T[]>;
  getKey: (item: T) => string | number;
  /** Text put in the input when an item is chosen. */
  getLabel: (item: T) => string;
  /** Row of the list (defaults to the label). */
  renderItem?: (item: T) => ReactNode;
  onSelect: (item: T) => void;
  /** Controlled input text (optional); `onInputChange` receives every edit. */
  value?: string;
  onInputChange?: (text: string) => void;
  placeholder?: string;
  /** Characters needed before searching (default 1). */
  minLength?: number;
  maxLength?: number;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  id?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  autoFocus?: boolean;
  /**
   * The typed text already names the record (the form filled it in from a complete code): the list stays closed, as
   * after a choice, until the text changes again.
   */
  resolved?: boolean;
  /** Filters typed characters, e.g. (t) => t.replace(/\D/g, '') for a DNI. */
  sanitize?: (text: string) => string;
  /** A paste the field refuses before the browser cuts it to maxLength (a document number: useDocumentLookup). */
  onPaste?: ClipboardEventHandler<HTMLInputElement>;
  onBlur?: () => void;
  className?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  /** Defaults 300 ms and 100 ms (spec). */
  debounceMs?: number;
  announceDelayMs?: number;
}

export function Typeahead<T>(props: TypeaheadProps<T>) {
  const { getKey, getLabel, renderItem, onSelect, minLength = 1, debounceMs = 300, announceDelayMs = 100 } = props;
  const autoId = useId();
  const inputId = props.id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const [internal, setInternal] = useState('');
  const text = props.value ?? internal;
  const [open, setOpen] = useState(false);
  const { items, status, announcement, onText, settle } = useTypeaheadSearch({
    search: props.search,
    minLength,
    debounceMs,
    announceDelayMs,
  });
  const inputRef = useRef<HTMLInputElement>(null);
  /** Last pointer position seen over the list since it opened (null: none yet). */
  const pointer = useRef<{ x: number; y: number } | null>(null);

  const showList = open && !props.resolved && (status === 'searching' || status === 'error' || (status === 'done' && items.length > 0));

  useEffect(() => {
    if (showList) pointer.current = null;
  }, [showList]);

  const change = (raw: string) => {
    const next = props.sanitize ? props.sanitize(raw) : raw;
    if (props.value === undefined) setInternal(next);
    props.onInputChange?.(next);
    setOpen(true);
    onText(next);
  };

  const choose = (item: T) => {
    const label = getLabel(item);
    if (props.value === undefined) setInternal(label);
    props.onInputChange?.(label);
    settle(label);
    setOpen(false);
    onSelect(item);
  };

  const { active, setActive, onKeyDown, listStyle, optionId, activeId } = useListbox({
    items,
    shown: showList,
    anchor: inputRef,
    listId,
    initialActive: -1,
    onOpen: () => setOpen(true),
    // Closes the list only: the surrounding modal stays open and the text stays.
    onClose: () => setOpen(false),
    onChoose: choose,
    canChoose: status === 'done',
  });
  useEffect(() => setActive(items.length > 0 ? 0 : -1), [items, setActive]);

  return (
    <div className={cn('relative', props.className)}>
      <input
        ref={inputRef}
        id={inputId}
        name={props.name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-label={props['aria-label']}
        aria-describedby={props['aria-describedby']}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        required={props.required}
        autoFocus={props.autoFocus}
        disabled={props.disabled}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        inputMode={props.inputMode}
        value={text}
        onChange={(e) => change(e.target.value)}
        onPaste={props.onPaste}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          props.onBlur?.();
        }}
        className={inputClass}
      />
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="typeahead-live">
        {announcement}
      </div>
      {showList &&
        createPortal(
          <ul
            id={listId}
            role="listbox"
            aria-label={props['aria-label'] ?? props.placeholder}
            style={listStyle}
            className="z-[70] max-h-72 min-w-56 overflow-y-auto rounded-md border border-border bg-white py-1 text-sm shadow-lg"
          >
            {status === 'searching' && <li className="px-3 py-2 text-muted-foreground italic">{MSG.searching}</li>}
            {status === 'error' && <li className="px-3 py-2 text-destructive">{MSG.suggestionsFailed}</li>}
            {status === 'done' &&
              items.map((item, i) => (
                <li
                  key={getKey(item)}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={(e) => {
                    // Only a pointer that really moves picks the highlighted row: a list that opens under a resting
                    // pointer (the browser then sends a move at the same spot) must not steal Enter from row 1.
                    const last = pointer.current;
                    pointer.current = { x: e.clientX, y: e.clientY };
                    if (last && (last.x !== e.clientX || last.y !== e.clientY)) setActive(i);
                  }}
                  onClick={() => choose(item)}
                  className={cn('cursor-pointer px-3 py-1.5', i === active && 'bg-primary text-primary-foreground')}
                >
                  {renderItem ? renderItem(item) : getLabel(item)}
                </li>
              ))}
          </ul>,
          document.body,
        )}
    </div>
  );
}
