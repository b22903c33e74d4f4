// Searchable select (machine, activity and service pickers): an ARIA combobox over a local list of
// options. Focusing or typing opens the list (about 10 rows visible, the rest scroll), filtered as the user types,
// ignoring case and accents; leaving the field without choosing puts back the chosen option's label. Unlike the
// Typeahead (server suggestions, debounced), the options are already on the device, so filtering is immediate and
// works offline.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ChevronDown } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { inputClass } from './ui/input';
import { useListbox } from './use-listbox';

export interface SearchableOption {
  value: number;
  label: string;
}

export interface SearchableSelectProps {
  options: readonly SearchableOption[];
  /** The chosen value; 0 or null = none. */
  value: number | null;
  onChange: (value: number) => void;
  id?: string;
  placeholder?: string;
  /** Text of the list when nothing matches. */
  emptyText: string;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
  className?: string;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Options whose label contains every word typed (any order), case- and accent-insensitive. */
export function filterOptions<O extends SearchableOption>(options: readonly O[], query: string): O[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options.slice();
  return options.filter((o) => {
    const label = fold(o.label);
    return words.every((w) => label.includes(w));
  });
}

export function SearchableSelect(props: SearchableSelectProps) {
  const { options, value, onChange, emptyText } = props;
  const autoId = useId();
  const inputId = props.id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const selected = options.find((o) => o.value === value) ?? null;
  const [text, setText] = useState(selected?.label ?? '');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // The label follows the value (a form reset, a catalogue that arrives after the form) while the list is closed.
  useEffect(() => {
    if (!open) setText(selected?.label ?? '');
  }, [selected, open]);

  const items = useMemo(() => filterOptions(options, query), [options, query]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setText(selected?.label ?? '');
  };

  const choose = (o: SearchableOption) => {
    setOpen(false);
    setQuery('');
    setText(o.label);
    onChange(o.value);
  };

  const { active, setActive, onKeyDown, listStyle, optionId, activeId } = useListbox({
    items,
    shown: open,
    anchor: inputRef,
    listId,
    onOpen: () => setOpen(true),
    onClose: close,
    onChoose: choose,
    arrowOpensFirst: true,
  });

  useEffect(
    () =>
      setActive(
        Math.max(
          0,
          items.findIndex((o) => o.value === value),
        ),
      ),
    [items, value, setActive],
  );

  useEffect(() => {
    if (open) listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  return (
    <div className={cn('relative', props.className)}>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-label={props['aria-label']}
        aria-describedby={props['aria-describedby']}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        required={props.required}
        disabled={props.disabled}
        placeholder={props.placeholder}
        value={text}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setQuery(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={cn(inputClass, 'pr-8')}
      />
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      {open &&
        !props.disabled &&
        createPortal(
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={props['aria-label'] ?? props.placeholder}
            style={listStyle}
            // About ten rows show at once (spec: pickers show 10 items); the rest scroll.
            className="z-[70] max-h-[19rem] min-w-56 overflow-y-auto rounded-md border border-border bg-white py-1 text-sm shadow-lg"
          >
            {items.length === 0 && <li className="px-3 py-2 text-muted-foreground italic">{emptyText}</li>}
            {items.map((o, i) => (
              <li
                key={o.value}
                id={optionId(i)}
                data-index={i}
                role="option"
                aria-selected={o.value === value}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(o)}
                className={cn(
                  'cursor-pointer px-3 py-1.5',
                  i === active && 'bg-primary text-primary-foreground',
                  i !== active && o.value === value && 'font-semibold',
                )}
              >
                {o.label}
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </div>
  );
}
