// Top-bar person search rule (spec 000 §2, 001 §9): required, digits only, at least 8, padded left with zeros to 8.
import { FIELD, LABELS } from '@shared/messages';

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
  const value = raw.trim();
  if (value === '') return { ok: false, error: FIELD.required };
  if (!/^\d+$/.test(value)) return { ok: false, error: FIELD.digits };
  if (value.length < DNI_LENGTH) return { ok: false, error: LABELS.shell.dniMin };
  return { ok: true, dni: value.padStart(DNI_LENGTH, '0') };
}
