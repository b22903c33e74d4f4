// Numeric-only input (spec: digits with an optional single decimal part; other keys and pasted junk blocked).
// What is typed never changes magnitude silently: a comma is the decimal point many clerks type, so it is read as
// one ('2,5' is 2.5); a sign, an exponent or (in whole-number fields) a decimal point is not dropped, which would
// turn '-3' into 3, '1e3' into 13 and '2.5' into 25: it stays on screen, the field says it is not a valid number,
// and the form receives '' (no number) until it is corrected.
import { forwardRef, useEffect, useId, useRef, useState, type ClipboardEvent, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { MSG } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { FieldError, inputClass } from './ui/input';

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

/** Keys that carry a number's sign, exponent or decimal part: never dropped silently (see the header). */
function changesMagnitude(key: string, integer: boolean): boolean {
  return /^[-+eE]$/.test(key) || (integer && (key === '.' || key === ','));
}

/** The typed text with a decimal comma read as a point (fields with decimals only). */
function normalise(text: string, decimals: number, integer: boolean): string {
  return integer || decimals <= 0 ? text : text.replace(/,/g, '.');
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
  // Text that is not a valid number, shown as typed while the form holds '' (see the header).
  const [wrong, setWrong] = useState<string | null>(null);
  const reported = useRef(text);
  useEffect(() => {
    // The form set another value itself (reset, a line opened for editing): that value is shown.
    if (text !== reported.current) setWrong(null);
    reported.current = text;
  }, [text]);
  const messageId = `${useId()}-numeric`;

  const report = (next: string) => {
    reported.current = next;
    if (value === undefined) setInternal(next);
    onValueChange?.(next);
  };

  const accept = (raw: string) => {
    const next = normalise(raw, decimals, integer);
    if (isNumericText(next, decimals, integer)) {
      setWrong(null);
      report(next);
      return;
    }
    // Only a magnitude character makes the text 'wrong'; any other junk (letters, a second point) is refused.
    if (![...raw].some((c) => changesMagnitude(c, integer))) return;
    setWrong(raw);
    if (text !== '') report('');
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
    if (changesMagnitude(e.key, integer) || wrong !== null) return;
    if (!isNumericText(normalise(projected(e.currentTarget, e.key), decimals, integer), decimals, integer)) e.preventDefault();
  };

  const handlePaste = (e: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(e);
    if (e.defaultPrevented) return;
    const pasted = projected(e.currentTarget, e.clipboardData.getData('text').trim());
    if (isNumericText(normalise(pasted, decimals, integer), decimals, integer)) return;
    // A pasted value is never trimmed into another number: it is refused whole, or shown as not valid.
    e.preventDefault();
    if ([...pasted].some((c) => changesMagnitude(c, integer))) accept(pasted);
  };

  const invalidMessage = wrong === null ? undefined : integer || decimals <= 0 ? MSG.numberNotWhole : MSG.numberInvalid;
  const describedBy = [props['aria-describedby'], invalidMessage ? messageId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <>
      <input
        ref={ref}
        type="text"
        inputMode={inputMode ?? (integer ? 'numeric' : 'decimal')}
        autoComplete="off"
        value={wrong ?? text}
        onKeyDown={handleKeyDown}
        onPaste={handlePaste}
        // Last guard (IME, virtual keyboards that report no key, drag and drop, autofill).
        onChange={(e) => accept(e.target.value)}
        className={cn(inputClass, 'tabular-nums', className)}
        {...props}
        aria-invalid={invalidMessage ? true : props['aria-invalid']}
        aria-describedby={describedBy}
      />
      {invalidMessage && <FieldError id={messageId} message={invalidMessage} />}
    </>
  );
});
