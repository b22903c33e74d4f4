// Calendar dates of the office: `YYYY-MM-DD` in Lima time (America/Lima, no daylight saving), the one
// definition of "today" that the server (token date, defaults) and the client (filters, forms) both use.

export const LIMA_TZ = 'America/Lima';

// Made on first use: building an Intl formatter loads the locale's and the zone's data, which a module that is
// only imported (the login screen's date field) should not pay for.
let ymdFormatter: Intl.DateTimeFormat | undefined;

/** `YYYY-MM-DD` of an instant in Lima time (default: now). */
export function limaDate(instant: Date | number = Date.now()): string {
  ymdFormatter ??= new Intl.DateTimeFormat('en-CA', { timeZone: LIMA_TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = ymdFormatter.formatToParts(typeof instant === 'number' ? new Date(instant) : instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
