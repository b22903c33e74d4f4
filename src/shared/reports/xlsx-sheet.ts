// Pure shaping of a table for a worksheet (title row, header row, data, column widths, merges); the caller
// hands the result to our writer (xlsx-write.ts `writeXlsx`). Used by the client's list exports.
import type { NumberFormat } from '../domain/numbers';
import { cellText, type ReportCell, type ReportColumn } from './types';

export interface SheetInput {
  title: string;
  subtitle?: string;
  columns: Pick<ReportColumn, 'header' | 'number'>[];
  rows: ReportCell[][];
}

export interface SheetModel {
  /** Array of arrays: title, optional subtitle, a blank row, header row, then data. */
  aoa: (string | number | null)[][];
  /** Column widths in characters. */
  cols: { wch: number }[];
  /** Title/subtitle cells merged across the table width. */
  merges: { s: { r: number; c: number }; e: { r: number; c: number } }[];
  /** 0-based index of the header row (for an autofilter). */
  headerRow: number;
}

function width(value: ReportCell, number?: NumberFormat): number {
  if (value === null || value === undefined) return 0;
  return Math.max(
    ...cellText(value, number)
      .split('\n')
      .map((l) => l.length),
  );
}

export function buildSheetModel(input: SheetInput): SheetModel {
  const n = Math.max(input.columns.length, 1);
  const aoa: (string | number | null)[][] = [[input.title]];
  if (input.subtitle) aoa.push([input.subtitle]);
  aoa.push([]);
  const headerRow = aoa.length;
  aoa.push(input.columns.map((c) => c.header));
  for (const row of input.rows) {
    aoa.push(
      input.columns.map((_, c) => {
        const v = row[c];
        if (v === undefined || v === null) return null;
        return typeof v === 'number' && !Number.isFinite(v) ? null : v;
      }),
    );
  }
  const cols = input.columns.map((col, c) => {
    let w = width(col.header);
    for (let r = 0; r < input.rows.length && r < 2000; r++) w = Math.max(w, width(input.rows[r][c], col.number));
    return { wch: Math.min(Math.max(w + 2, 8), 60) };
  });
  const merges = [{ s: { r: 0, c: 0 }, e: { r: 0, c: n - 1 } }];
  if (input.subtitle) merges.push({ s: { r: 1, c: 0 }, e: { r: 1, c: n - 1 } });
  return { aoa, cols, merges: n > 1 ? merges : [], headerRow };
}

/** Excel sheet names: at most 31 characters, none of []:*?/\ , no control character, no apostrophe at either end. */
export function safeSheetName(name: string): string {
  const clean = name
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[[\]:*?/\\\u0000-\u001F]/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^['\s]+|['\s]+$/g, '');
  return clean === '' ? 'Hoja1' : clean;
}
