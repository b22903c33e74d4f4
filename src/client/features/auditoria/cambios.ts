// What an audit entry changed, field by field, for people to read: on an update only the fields whose value changed;
// on a creation every field it was created with; on a deletion every field it had. Instants (ISO 8601 in UTC, as the
// server stores them) are shown in Lima time like the rest of the app; nested values as compact JSON.
import { formatDateTime } from '@client/lib/format';

export interface CambioCampo {
  campo: string;
  antes: string;
  despues: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A stored value as a person reads it ('—' for none). */
export function valorLegible(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return INSTANT.test(v) ? formatDateTime(v) : v;
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** The fields of `before`/`after` that differ (all of them when one side is missing), in the order first seen. */
export function cambiosDe(before: unknown, after: unknown): CambioCampo[] {
  const a = asRecord(before);
  const b = asRecord(after);
  if (!a && !b) return [];
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])];
  const out: CambioCampo[] = [];
  for (const campo of keys) {
    const antes = a ? valorLegible(a[campo]) : '—';
    const despues = b ? valorLegible(b[campo]) : '—';
    if (a && b && JSON.stringify(a[campo] ?? null) === JSON.stringify(b[campo] ?? null)) continue;
    out.push({ campo, antes, despues });
  }
  return out;
}
