// Top-bar person search: the typed DNI is checked by the contract's `searchTyped` (required, digits
// only, at least 8) and sent padded to 8; the box keeps what the kit's document rule keeps (documentInput).
import { searchTyped } from '@shared/contract/search';
import { documentInput, documentLength } from '@client/components/use-document-lookup';

export const DNI_LENGTH = documentLength('DNI');

export type DniCheck = { ok: true; dni: string } | { ok: false; error: string };

/** What the input keeps while typing or pasting: digits only; more than 8 digits is refused whole (null), never cut. */
export const dniInputValue = (raw: string): string | null => documentInput(raw, 'DNI');

/** Validates on submit and returns the DNI to send, padded to 8 digits. */
export function checkDni(raw: string): DniCheck {
  const checked = searchTyped.safeParse(raw);
  if (!checked.success) return { ok: false, error: checked.error.issues[0].message };
  return { ok: true, dni: checked.data.padStart(DNI_LENGTH, '0') };
}
