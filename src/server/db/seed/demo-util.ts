// Helpers of the demo seed: a seeded random generator (the demo is the same on every run of a given
// day), Lima dates relative to today, Peruvian document numbers and valuation totals in cents.
import { fromCents, toCents } from '@shared/domain/money';
import { limaDate } from '@shared/domain/dates';

/** mulberry32: small, fast, deterministic. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    chance: (p: number) => next() < p,
    /** A number in [min, max] with `decimals` decimals. */
    dec: (min: number, max: number, decimals = 1) => Math.round((min + next() * (max - min)) * 10 ** decimals) / 10 ** decimals,
  };
}
export type Rng = ReturnType<typeof rng>;

/** Calendar arithmetic on `YYYY-MM-DD` strings (UTC noon avoids any DST edge). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface Clock {
  today: string;
  daysAgo(n: number): string;
  /** A timestamp (ISO, Lima 08:00 + minutes) on the day `n` days ago. */
  at(n: number, minutes?: number): string;
  year(date: string): number;
}

export function clock(today = limaDate()): Clock {
  const daysAgo = (n: number) => addDays(today, -n);
  return {
    today,
    daysAgo,
    at: (n, minutes = 0) => new Date(Date.parse(`${daysAgo(n)}T08:00:00-05:00`) + minutes * 60_000).toISOString(),
    year: (date) => Number(date.slice(0, 4)),
  };
}

/** 0 = Sunday. */
export const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** An 11-digit RUC with a valid SUNAT check digit from its first 10 digits. */
export function ruc(first10: string): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = [...first10].reduce((s, c, i) => s + Number(c) * weights[i], 0);
  const r = 11 - (sum % 11);
  return `${first10}${r === 10 ? 0 : r === 11 ? 1 : r}`;
}

export const IGV_FACTOR_PERCENT = 118;
export const DETRACTION_THRESHOLD_CENTS = 70_000;

/** Valuation totals (spec 001 §9): monto = subtotal × 1.18; detraction 10 % above 700 for rubro 1. */
export function valuationTotals(subtotalCents: number, rubro: number, tasa = 10) {
  const monto = Math.round((subtotalCents * IGV_FACTOR_PERCENT) / 100);
  const detraccion = rubro === 1 && monto > DETRACTION_THRESHOLD_CENTS ? Math.round((monto * tasa) / 100) : 0;
  return {
    subtotal: fromCents(subtotalCents),
    monto: fromCents(monto),
    monto_detraccion: fromCents(detraccion),
    monto_deposito: fromCents(monto - detraccion),
    tasa_detraccion: tasa,
  };
}

/** quantity × unit price rounded to cents. */
export const lineTotalCents = (cantidad: number, precio: number) => Math.round((toCents(cantidad) * toCents(precio)) / 100);
