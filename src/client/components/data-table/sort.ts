// Sorting of the list kit without comparisons at click time. A column's ascending rank of every row is computed
// the first time the table is sorted by it (sort keys built once, compared with plain `<`) and kept for that data
// array, with the whole order of the rows by that column both ways (a counting sort over the ranks). A click then
// copies that order, and a search's matches walk it once keeping the matches (O(n), no comparisons). Nothing is
// ranked ahead of time: a list that is never sorted by a column never pays for its keys (10,000 rows, six columns,
// were ~250 ms of main-thread CPU right after a list arrived), and the first click on a header pays one column.
import type { Row, RowData, SortingState } from '@tanstack/react-table';
import type { KitFeatures } from './features';

type SortKey = string | number;

/**
 * Key whose plain `<` order is the kit's Spanish text order: case and accents ignored, 'ñ' after 'n', digit
 * runs compared by value (so 'Insumo 2' < 'Insumo 10'), like Intl.Collator('es', { numeric, base }).
 */
export function textSortKey(text: string): string {
  let key = text.toLowerCase();
  // Plain ASCII (codes, plates, most names) has no accents to strip: skip the Unicode decomposition.
  if (NON_ASCII.test(key))
    key = key
      .replace(/ñ/g, 'n\u007f')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
  return DIGIT.test(key) ? key.replace(DIGITS, digitRun) : key;
}

const NON_ASCII = /[^ -~]/;
const DIGIT = /\d/;
const DIGITS = /\d+/g;

/** Length prefix: a longer run of digits is a bigger number, then digit by digit (leading zeros dropped). */
function digitRun(run: string): string {
  let start = 0;
  while (start < run.length - 1 && run.charCodeAt(start) === 0x30) start++;
  const digits = start === 0 ? run : run.slice(start);
  return String.fromCharCode(0x30 + Math.min(digits.length, 0x4f)) + digits;
}

function keyOf(value: unknown): SortKey | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return textSortKey(String(value));
}

/**
 * Dense ascending ranks (equal values share a rank, empty values rank 0, numbers before text). Only the distinct
 * keys are sorted (a column of dates, machines or operators has a few dozen), texts with the engine's own sort
 * (code-unit order, the same as `<`), not a comparison function over every row.
 */
export function computeRanks(values: readonly unknown[]): Uint32Array {
  const n = values.length;
  const keys = new Array<SortKey | null>(n);
  const distinct = new Map<SortKey, number>();
  const numbers: number[] = [];
  const texts: string[] = [];
  let empty = false;
  for (let i = 0; i < n; i++) {
    const k = keyOf(values[i]);
    keys[i] = k;
    if (k === null) empty = true;
    else if (!distinct.has(k)) {
      distinct.set(k, 0);
      if (typeof k === 'number') numbers.push(k);
      else texts.push(k);
    }
  }
  numbers.sort((a, b) => a - b);
  texts.sort();
  let rank = empty ? 1 : 0;
  for (const k of numbers) distinct.set(k, rank++);
  for (const k of texts) distinct.set(k, rank++);
  const ranks = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    ranks[i] = k === null ? 0 : (distinct.get(k) as number);
  }
  return ranks;
}

function sortingKey(sorting: SortingState): string {
  return sorting.map((s) => `${s.desc ? '-' : '+'}${s.id}`).join('\u0001');
}

/** Rank arrays and whole orders per column for one array of rows; a new data array gets a new cache. */
export class RankCache<T extends RowData> {
  private readonly ranks = new Map<string, Uint32Array>();
  private readonly orders = new Map<string, Uint32Array>();
  private readonly rowOrders = new Map<string, readonly Row<KitFeatures, T>[]>();
  constructor(private readonly rows: readonly Row<KitFeatures, T>[]) {}

  get(columnId: string): Uint32Array {
    let r = this.ranks.get(columnId);
    if (!r) {
      const values = this.rows.map((row) => row.getValue(columnId));
      r = computeRanks(values);
      this.ranks.set(columnId, r);
    }
    return r;
  }

  has(columnId: string): boolean {
    return this.ranks.has(columnId);
  }

  /**
   * Every row index ordered by `sorting` (stable: equal rows keep data order, both ways), kept per sorting:
   * one column is a counting sort over its ranks, more compare the rank arrays.
   */
  order(sorting: SortingState): Uint32Array {
    const key = sortingKey(sorting);
    let o = this.orders.get(key);
    if (!o) {
      const keys = sorting.map((s) => ({ ranks: this.get(s.id), desc: s.desc }));
      o = keys.length === 1 ? countingOrder(keys[0].ranks, keys[0].desc) : comparedOrder(keys, this.rows.length);
      this.orders.set(key, o);
    }
    return o;
  }

  /**
   * Every row (the objects) ordered by `sorting`, kept per sorting like `order`: with no search a click between
   * two orders already seen hands back an array instead of building one of all the rows again. Shared: read only.
   */
  rowsInOrder(sorting: SortingState): readonly Row<KitFeatures, T>[] {
    const key = sortingKey(sorting);
    let r = this.rowOrders.get(key);
    if (!r) {
      const o = this.order(sorting);
      const out = new Array<Row<KitFeatures, T>>(o.length);
      for (let k = 0; k < o.length; k++) out[k] = this.rows[o[k]];
      r = out;
      this.rowOrders.set(key, r);
    }
    return r;
  }
}

/** All indexes 0..n-1 ordered by `ranks` (a counting sort; ties keep index order). */
function countingOrder(ranks: Uint32Array, desc: boolean): Uint32Array {
  const n = ranks.length;
  let max = 0;
  for (let i = 0; i < n; i++) if (ranks[i] > max) max = ranks[i];
  const counts = new Uint32Array(max + 2);
  for (let i = 0; i < n; i++) counts[(desc ? max - ranks[i] : ranks[i]) + 1]++;
  for (let k = 1; k < counts.length; k++) counts[k] += counts[k - 1];
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[counts[desc ? max - ranks[i] : ranks[i]]++] = i;
  return out;
}

/** All indexes 0..n-1 ordered by several rank arrays in turn (ties keep index order). */
function comparedOrder(keys: readonly { ranks: Uint32Array; desc: boolean }[], n: number): Uint32Array {
  const out = new Uint32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out.sort((a, b) => {
    for (const { ranks, desc } of keys) {
      const d = ranks[a] - ranks[b];
      if (d !== 0) return desc ? -d : d;
    }
    return a - b;
  });
}

/**
 * `indexes` (distinct rows to show) ordered by `sorting`. Stable: equal rows keep data order, like the original
 * table. The whole order of that sorting is computed once (RankCache.order): it is copied when every row is
 * shown, else walked once keeping the shown rows — no comparisons on a click or a keystroke.
 */
export function sortIndexes<T extends RowData>(indexes: readonly number[], sorting: SortingState, cache: RankCache<T>): number[] {
  if (sorting.length === 0 || indexes.length < 2) return indexes as number[];
  const order = cache.order(sorting);
  const n = order.length;
  // Distinct row indexes: as many as the rows means all of them.
  if (indexes.length === n) return Array.from(order);
  const shown = new Uint8Array(n);
  for (const i of indexes) shown[i] = 1;
  const out = new Array<number>(indexes.length);
  let k = 0;
  for (let j = 0; j < n; j++) {
    const i = order[j];
    if (shown[i] === 1) out[k++] = i;
  }
  return out;
}
