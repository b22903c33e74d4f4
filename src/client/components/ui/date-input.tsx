// Date input that always shows year-month-day, whatever the browser's language: a text box that
// fills in the dashes as digits are typed, plus a calendar button opening the browser's native date picker.
import { forwardRef, useRef, useState, type InputHTMLAttributes } from 'react';
import { CalendarDays } from 'lucide-react';
import { LOGIN_LABELS as LABELS } from '@shared/messages-login';
import { cn } from '@client/lib/cn';
import { isValidYmd } from '@client/lib/format';
import { inputClass } from './input';

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'> {
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  /** Called with a complete, valid `YYYY-MM-DD`, or '' while the text is empty or incomplete (like a native date input). */
  onValueChange: (value: string) => void;
  min?: string;
  max?: string;
}

/** Keeps digits only and places the dashes: '20261123' → '2026-11-23'. */
export function maskYmd(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 4) return d;
  if (d.length <= 6) return `${d.slice(0, 4)}-${d.slice(4)}`;
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
}

export const DateInput = forwardRef<HTMLInputElement, DateInputProps>(function DateInput(
  { value, onValueChange, min, max, className, disabled, ...props },
  ref,
) {
  const picker = useRef<HTMLInputElement>(null);
  // The text being typed; it follows `value` whenever the parent changes it to something else.
  const [text, setText] = useState(value);
  const [last, setLast] = useState(value);
  if (value !== last) {
    setLast(value);
    if (value !== '' || isValidYmd(text)) setText(value);
  }

  const emit = (next: string) => {
    setText(next);
    const out = isValidYmd(next) ? next : '';
    setLast(out);
    if (out !== value) onValueChange(out);
  };

  const openPicker = () => {
    const el = picker.current;
    if (!el) return;
    el.value = isValidYmd(text) ? text : '';
    try {
      el.showPicker();
    } catch {
      el.focus();
      el.click();
    }
  };

  return (
    <div className={cn('relative', className)}>
      <input
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={LABELS.datePlaceholder}
        maxLength={10}
        className={cn(inputClass, 'pr-9 tabular-nums')}
        value={text}
        disabled={disabled}
        onChange={(e) => emit(maskYmd(e.target.value))}
        {...props}
      />
      <button
        type="button"
        tabIndex={-1}
        aria-label={LABELS.openCalendar}
        title={LABELS.openCalendar}
        disabled={disabled}
        onClick={openPicker}
        className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground disabled:cursor-not-allowed disabled:opacity-50"
      >
        <CalendarDays className="size-4" aria-hidden="true" />
      </button>
      {/* The browser's calendar, opened by the button; invisible and out of the tab order. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute bottom-0 right-0 h-0 w-0 opacity-0"
        min={min}
        max={max}
        disabled={disabled}
        onChange={(e) => emit(e.target.value)}
      />
    </div>
  );
});
