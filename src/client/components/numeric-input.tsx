// Numeric-only input (spec: digits with an optional single decimal part; other keys and pasted junk blocked).
import { forwardRef, useState, type ClipboardEvent, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { cn } from '@client/lib/cn';
import { inputClass } from './ui/input';

export interface NumericInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** Controlled text value ('' when empty). */
  value?: string | number | null;
  defaultValue?: string;
  /** Receives the accepted text (e.g. '12.5'); convert with Number() when saving. */
  onValueChange?: (text: string) => void;
  /** Digits allowed after the point (default 2). */
  decimals?: number;
  /** Digits only (DNI, RUC, quantities of whole units). */
  integer?: boolean;
}

/** True when `text` is acceptable while typing: '', '12', '12.', '12.5'. */
export function isNumericText(text: string, decimals = 2, integer = false): boolean {
  if (integer || decimals <= 0) return /^\d*$/.test(text);
  return new RegExp(`^\\d*(\\.\\d{0,${decimals}})?$`).test(text);
}

const CONTROL_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

export const NumericInput = forwardRef<HTMLInputElement, NumericInputProps>(function NumericInput(
  { value, defaultValue, onValueChange, decimals = 2, integer = false, className, onKeyDown, onPaste, inputMode, ...props },
  ref,
) {
  const [internal, setInternal] = useState(defaultValue ?? '');
  const text = value === undefined ? internal : value === null ? '' : String(value);

  const accept = (next: string) => {
    if (!isNumericText(next, decimals, integer)) return false;
    if (value === undefined) setInternal(next);
    onValueChange?.(next);
    return true;
  };

  /** What the text would become if `insert` replaced the current selection. */
  const projected = (el: HTMLInputElement, insert: string) => {
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? el.value.length;
    return el.value.slice(0, start) + insert + el.value.slice(end);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || CONTROL_KEYS.has(e.key) || e.key.length !== 1) return;
    if (!isNumericText(projected(e.currentTarget, e.key), decimals, integer)) e.preventDefault();
  };

  const handlePaste = (e: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(e);
    if (e.defaultPrevented) return;
    const pasted = e.clipboardData.getData('text').trim();
    if (!isNumericText(projected(e.currentTarget, pasted), decimals, integer)) e.preventDefault();
  };

  return (
    <input
      ref={ref}
      type="text"
      inputMode={inputMode ?? (integer ? 'numeric' : 'decimal')}
      autoComplete="off"
      value={text}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      // Last guard (IME, drag and drop, autofill): invalid text is refused and the old value stays.
      onChange={(e) => accept(e.target.value)}
      className={cn(inputClass, 'tabular-nums', className)}
      {...props}
    />
  );
});
