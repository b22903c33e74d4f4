// The search of an order of the purchasing system by number and year (a purchase order for an entry, a service order
// for a repair): the number, the year (the server's year down to 2022) and Buscar on one line, top-aligned so the
// number's message does not push the others down; Enter in the number searches too. useOrderSearch runs the search
// and says why nothing was found.
import { useState } from 'react';
import { LoaderCircle, Search } from 'lucide-react';
import { ApiError, isNoConnection } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { SelectField, TextField, type SelectFieldProps, type TextFieldProps } from './form-field';
import { Button } from './ui/button';

/**
 * Why a search found nothing, as the field says it: the server's reason for a 4xx (404 'No se encontró la orden de
 * compra', a 400) or no connection. Null for a 401 (the session ends and the login screen says so) and a 5xx.
 */
function searchFailure(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  return isNoConnection(err) || (err.status >= 400 && err.status < 500 && err.status !== 401) ? err.message : null;
}

export interface OrderSearch {
  searching: boolean;
  /** Why the last search found nothing (shown on the number field). */
  error: string | undefined;
  /** Says the search found nothing with the form's own reason (an order without items). */
  fail: (message: string) => void;
  /** Runs `find`; when it throws, `onFailed` undoes what an earlier search filled and the reason is kept in `error`. */
  run: (find: () => Promise<void>, onFailed?: () => void) => Promise<void>;
}

/** The state of an order search: running, and why nothing was found. */
export function useOrderSearch(): OrderSearch {
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string>();
  const run = async (find: () => Promise<void>, onFailed?: () => void) => {
    setSearching(true);
    setError(undefined);
    try {
      await find();
    } catch (err) {
      onFailed?.();
      // The search is not a save: it says why nothing was found in the field, not in a toast.
      setError(searchFailure(err) ?? undefined);
    } finally {
      setSearching(false);
    }
  };
  return { searching, error, fail: setError, run };
}

export interface OrderSearchFieldProps {
  /** The number's field: its label and react-hook-form's register (the component adds Enter to search). */
  number: TextFieldProps;
  /** The year's select: its label and value (register, or value and onChange). */
  year: Omit<SelectFieldProps, 'options'>;
  years: readonly number[];
  searchLabel: string;
  searching: boolean;
  /** False keeps Buscar disabled (no number typed yet). */
  canSearch?: boolean;
  onSearch: () => void;
  className?: string;
}

export function OrderSearchField({
  number,
  year,
  years,
  searchLabel,
  searching,
  canSearch = true,
  onSearch,
  className,
}: OrderSearchFieldProps) {
  return (
    <div className={cn('flex flex-wrap items-start gap-3', className)}>
      <TextField
        maxLength={20}
        {...number}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          onSearch();
        }}
      />
      <SelectField options={years.map((y) => ({ value: y, label: String(y) }))} {...year} />
      <div>
        {/* Same box as a field label above a block control, so the button lines up with the inputs. */}
        <span aria-hidden="true" className="mb-1 inline-block text-sm">
          &nbsp;
        </span>
        <Button
          type="button"
          variant="secondary"
          className="flex"
          disabled={!canSearch || searching}
          aria-busy={searching}
          onClick={onSearch}
        >
          {searching ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
          {searchLabel}
        </Button>
      </div>
    </div>
  );
}
