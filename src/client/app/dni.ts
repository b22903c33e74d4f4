// Top-bar person search: the typed DNI is checked by the contract's `searchTyped` (required, digits
// only, at least 8) and sent padded to 8; the box keeps digits only.
import { searchTyped } from '@shared/contract/search';

export const DNI_LENGTH = 8;

export type DniCheck = { ok: true; dni: string } | { ok: false; error: string };

/**
 * What the input keeps while typing or pasting: digits only. More than 8 digits is refused whole (null), never cut
 * to 8: a pasted 9-digit number is not a DNI, and its first 8 digits would be somebody else's.
 */
export function dniInputValue(raw: string): string | null {
  const digits = raw.replace(/\D+/g, '');
  return digits.length > DNI_LENGTH ? null : digits;
}

/** Validates on submit and returns the DNI to send, padded to 8 digits. */
export function checkDni(raw: string): DniCheck {
  const checked = searchTyped.safeParse(raw);
  if (!checked.success) return { ok: false, error: checked.error.issues[0].message };
  return { ok: true, dni: checked.data.padStart(DNI_LENGTH, '0') };
}
