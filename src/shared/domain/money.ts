// Money and quantities: numeric(12,2) values travel as numbers; every computation runs in integer cents.

/** 12.345 → 1235 (half away from zero, tolerant of binary float noise). */
export function toCents(n: number | string | null | undefined): number {
  const v = typeof n === 'string' ? Number(n) : (n ?? 0);
  if (!Number.isFinite(v)) return 0;
  const sign = v < 0 ? -1 : 1;
  return sign * Math.round(Math.abs(v) * 100 + 1e-7);
}

export function fromCents(c: number): number {
  return Math.round(c) / 100;
}

/** Rounds to 2 decimals through cents. */
export function round2(n: number | string | null | undefined): number {
  return fromCents(toCents(n));
}

/** '1234.5' → '1234.50' (the way quantities appear inside Spanish messages). */
export function formatAmount(n: number | string | null | undefined): string {
  return round2(n).toFixed(2);
}
