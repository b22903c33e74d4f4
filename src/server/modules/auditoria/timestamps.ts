// timestamptz columns as ISO 8601 UTC strings (DESIGN §4), the same on PGlite and PostgreSQL.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

export const isoTimestamp = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
