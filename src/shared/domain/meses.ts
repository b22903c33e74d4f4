// Month ranges ('YYYY-MM') of the cost per machine: the filter's bound and its arithmetic, shared by the form and
// the server.

/** The longest month range one cost query covers. */
export const MAX_MESES_COSTO = 36;

export const MES_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Months from 'YYYY-MM' `a` to `b` inclusive (0 or less when b is before a). */
export function mesesEntre(a: string, b: string): number {
  const [ya, ma] = a.split('-').map(Number);
  const [yb, mb] = b.split('-').map(Number);
  return (yb - ya) * 12 + (mb - ma) + 1;
}

/** 'YYYY-MM' moved by `n` months. */
export function sumarMeses(m: string, n: number): string {
  const [y, mo] = m.split('-').map(Number);
  const t = y * 12 + (mo - 1) + n;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
}
