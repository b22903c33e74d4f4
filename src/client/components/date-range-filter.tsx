// 'Fecha Inicio' / 'Fecha Final' filter (YYYY-MM-DD, Lima): defaults to the current month so far; start <= end.
import { useId, useState } from 'react';
import { usePlaceState } from '@client/lib/place';
import { LABELS } from '@shared/messages';
import { firstDayOfMonthLima, isValidYmd } from '@client/lib/format';
import { limaDate } from '@shared/domain/dates';
import { DateInput } from './ui/date-input';
import { Label } from './ui/label';

export interface DateRange {
  start: string;
  end: string;
}

/** First day of the current month to today, in Lima time. */
export function defaultDateRange(now: Date | number = Date.now()): DateRange {
  return { start: firstDayOfMonthLima(now), end: limaDate(now) };
}

/** State for a list's date filter, initialised to the current month (or what this tab last chose on the screen). */
export function useDateRange(initial?: DateRange) {
  return usePlaceState<DateRange>('fechas', () => initial ?? defaultDateRange(), initial !== undefined);
}

export interface DateRangeFilterProps {
  value: DateRange;
  /** Called only with a complete, valid range (start <= end). */
  onChange: (range: DateRange) => void;
  disabled?: boolean;
}

export function DateRangeFilter({ value, onChange, disabled }: DateRangeFilterProps) {
  const id = useId();
  // Local draft so a half-typed or inverted range never reaches the query.
  const [draft, setDraft] = useState<DateRange>(value);
  const [synced, setSynced] = useState<DateRange>(value);
  if (synced.start !== value.start || synced.end !== value.end) {
    setSynced(value);
    setDraft(value);
  }
  const complete = isValidYmd(draft.start) && isValidYmd(draft.end);
  const inverted = complete && draft.start > draft.end;

  const update = (next: DateRange) => {
    setDraft(next);
    if (isValidYmd(next.start) && isValidYmd(next.end) && next.start <= next.end) {
      setSynced(next);
      onChange(next);
    }
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <Label htmlFor={`${id}-start`}>{LABELS.startDate}</Label>
        <DateInput
          id={`${id}-start`}
          className="w-40"
          value={draft.start}
          max={isValidYmd(draft.end) ? draft.end : undefined}
          disabled={disabled}
          aria-invalid={inverted || undefined}
          aria-describedby={inverted ? `${id}-error` : undefined}
          onValueChange={(v) => update({ ...draft, start: v })}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-end`}>{LABELS.endDate}</Label>
        <DateInput
          id={`${id}-end`}
          className="w-40"
          value={draft.end}
          min={isValidYmd(draft.start) ? draft.start : undefined}
          disabled={disabled}
          aria-invalid={inverted || undefined}
          aria-describedby={inverted ? `${id}-error` : undefined}
          onValueChange={(v) => update({ ...draft, end: v })}
        />
      </div>
      {inverted && (
        <p id={`${id}-error`} role="alert" className="basis-full text-xs text-destructive">
          {LABELS.dateRangeInvalid}
        </p>
      )}
    </div>
  );
}
