// 'Fecha Inicio' / 'Fecha Final' filter (YYYY-MM-DD, Lima): defaults to the current month so far; start <= end, and
// at most the list's widest range (contract/ranges.ts) apart.
import { useId, useState } from 'react';
import { usePlaceState } from '@client/lib/place';
import { LABELS } from '@shared/messages';
import { firstDayOfMonthLima, isValidYmd } from '@client/lib/format';
import { limaDate } from '@shared/domain/dates';
import { rangeTooWide } from '@shared/contract/ranges';
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
  /** Called only with a complete, valid range (start <= end, within `maxMonths`). */
  onChange: (range: DateRange) => void;
  disabled?: boolean;
  /** The list's widest range in months (RANGE_MONTHS): a wider one is not sent and the form says why. */
  maxMonths?: number;
}

/** Why a complete range cannot be asked: inverted or wider than the list answers; null when it can. */
function rangeProblem(r: DateRange, maxMonths: number | undefined): string | null {
  if (!isValidYmd(r.start) || !isValidYmd(r.end)) return null;
  if (r.start > r.end) return LABELS.dateRangeInvalid;
  return maxMonths === undefined ? null : rangeTooWide(r.start, r.end, maxMonths);
}

export function DateRangeFilter({ value, onChange, disabled, maxMonths }: DateRangeFilterProps) {
  const id = useId();
  // Local draft so a half-typed or inverted range never reaches the query.
  const [draft, setDraft] = useState<DateRange>(value);
  const [synced, setSynced] = useState<DateRange>(value);
  if (synced.start !== value.start || synced.end !== value.end) {
    setSynced(value);
    setDraft(value);
  }
  const problem = rangeProblem(draft, maxMonths);
  const inverted = problem !== null;

  const update = (next: DateRange) => {
    setDraft(next);
    if (isValidYmd(next.start) && isValidYmd(next.end) && rangeProblem(next, maxMonths) === null) {
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
          {problem}
        </p>
      )}
    </div>
  );
}
