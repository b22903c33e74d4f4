// The 'Buscar:' filter: every word typed must appear in some searchable column (hidden ones too), ignoring
// case and accents, matching the text shown or exported (meta.exportValue) rather than raw codes.
import type { RowData } from '@tanstack/react-table';
import type { DataColumnDef } from './features';

/** Lower case without accents: 'Camión' → 'camion'. */
export function normalizeSearch(text: string): string {
  // Plain ASCII has no accents: skip the Unicode decomposition (most rows of a list are codes, plates and numbers).
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

const NON_ASCII = /[^ -~]/;

type AnyColumn = DataColumnDef<any> & { accessorKey?: string; accessorFn?: (row: any, index: number) => unknown; columns?: AnyColumn[] };

function leafColumns(columns: readonly AnyColumn[]): AnyColumn[] {
  return columns.flatMap((c) => (c.columns && c.columns.length ? leafColumns(c.columns) : [c]));
}

function readPath(row: any, key: string): unknown {
  if (key in (row ?? {})) return row[key];
  return key.split('.').reduce<any>((v, k) => (v === null || v === undefined ? undefined : v[k]), row);
}

/** Builds `(row, index) => haystack` for the given columns (cached per row object). */
export function makeHaystack<T extends RowData>(columns: readonly DataColumnDef<T>[]): (row: T, index: number) => string {
  const readers = leafColumns(columns as readonly AnyColumn[])
    .filter((c) => c.meta?.searchable !== false && (c.accessorKey !== undefined || c.accessorFn !== undefined || c.meta?.exportValue))
    .map((c) => (row: T, index: number): unknown => {
      if (c.meta?.exportValue) return c.meta.exportValue(row);
      if (c.accessorFn) return c.accessorFn(row, index);
      return readPath(row, String(c.accessorKey));
    });
  const cache = new WeakMap<object, string>();
  return (row, index) => {
    const key = row as unknown as object;
    const hit = typeof key === 'object' && key !== null ? cache.get(key) : undefined;
    if (hit !== undefined) return hit;
    let joined = '';
    let first = true;
    for (const read of readers) {
      const v = read(row, index);
      if (v === null || v === undefined) continue;
      joined = first ? String(v) : `${joined}\u0001${String(v)}`;
      first = false;
    }
    const text = normalizeSearch(joined);
    if (typeof key === 'object' && key !== null) cache.set(key, text);
    return text;
  };
}
