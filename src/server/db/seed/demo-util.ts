// Helpers of the demo seed: a seeded random generator (the demo is the same on every run of a given
// day), Lima dates relative to today and Peruvian document numbers.
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
