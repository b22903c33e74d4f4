// A refused save is told inside the form, never only in a passing toast. FormModal already shows the reason of an
// onSubmit that rejects (saveErrorMessage in form-gate.ts); these two helpers cover the rest:
// - fieldErrorsOf: the fields a 400 answer names (`{ errors: { field: message } }`), for the form to mark them;
// - useSaveRefusal: for a screen whose refusals read differently from the generic ones (an operator already
//   registered, a plate already taken), the reason it describes, for FormModal's `error`.
import { useCallback, useState } from 'react';
import { ApiError } from '@client/lib/api';

/** [field, message] pairs of a refused save's answer; empty for anything else. */
export function fieldErrorsOf(err: unknown): [string, string][] {
  return Object.entries((err instanceof ApiError && err.fieldErrors) || {});
}

export interface SaveRefusal {
  /** Why the last save was refused (FormModal's `error`), null before a save and while one runs. */
  error: string | null;
  /** Runs a save; a rejection is kept as `error` (described by the screen's own words) instead of thrown. */
  guard: (save: () => Promise<unknown>) => Promise<void>;
}

export function useSaveRefusal(describe: (err: unknown) => string): SaveRefusal {
  const [error, setError] = useState<string | null>(null);
  const guard = useCallback(
    async (save: () => Promise<unknown>) => {
      setError(null);
      try {
        await save();
      } catch (err) {
        setError(describe(err));
      }
    },
    [describe],
  );
  return { error, guard };
}
