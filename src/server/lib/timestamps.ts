// timestamptz values as ISO 8601 UTC strings, the same on PGlite and PostgreSQL: in SQL (isoTimestamp) or
// from the text/Date a driver returns (isoTs).
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

export const isoTimestamp = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** PostgreSQL timestamp text (or Date) → ISO 8601. */
export function isoTs(v: string | Date | null | undefined): string {
  if (v == null) return '';
  const d =
    v instanceof Date
      ? v
      : new Date(
          String(v)
            .replace(' ', 'T')
            .replace(/([+-]\d\d)$/, '$1:00'),
        );
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}
