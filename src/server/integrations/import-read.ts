// Reads a CSV (papaparse) or XLSX (exceljs, first sheet) file into a header and data rows, each row
// with its line number in the file. SheetJS (`xlsx`) is not used: its npm release has reading advisories (docs/security.md, "Dependencies").
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { MSG } from '@shared/messages';

export type Cell = string | Date | null;

export interface SheetRow {
  /** 1-based line (CSV) or row number (XLSX) in the file. */
  line: number;
  values: Record<string, Cell>;
}

export interface Sheet {
  columns: string[];
  rows: SheetRow[];
}

/** Header text → column key: lower case, no accents, spaces and dashes as underscores. */
export const columnKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

function toSheet(header: string[], body: { line: number; cells: Cell[] }[]): Sheet {
  const columns = header.map((h) => columnKey(h));
  const rows: SheetRow[] = [];
  for (const { line, cells } of body) {
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) continue;
    rows.push({ line, values: Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? null])) });
  }
  return { columns: columns.filter(Boolean), rows };
}

function guessDelimiter(firstLine: string): string {
  const counts = [';', ',', '\t', '|'].map((d) => [d, firstLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0][1] > 0 ? counts[0][0] : ',';
}

export function readCsv(text: string): Sheet {
  const src = text.replace(/^\uFEFF/, '');
  const lineStarts: number[] = [];
  for (let i = 0; i < src.length; i++) if (src[i] === '\n') lineStarts.push(i);
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (lineStarts[mid] < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  const records: { line: number; cells: Cell[] }[] = [];
  let start = 0;
  Papa.parse<string[]>(src, {
    delimiter: guessDelimiter(src.slice(0, src.indexOf('\n') >= 0 ? src.indexOf('\n') : src.length)),
    step: (r) => {
      records.push({ line: lineAt(start), cells: r.data.map((c) => (c === '' ? null : c)) });
      start = r.meta.cursor;
    },
  });
  if (records.length === 0) return { columns: [], rows: [] };
  const [head, ...body] = records;
  return toSheet(
    head.cells.map((c) => (typeof c === 'string' ? c : '')),
    body,
  );
}

function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v === 'object') {
    if ('result' in v) return cellValue((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String((v as ExcelJS.CellHyperlinkValue).text);
    if ('error' in v) return null;
  }
  return String(v);
}

export async function readXlsx(data: Buffer | ArrayBuffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return { columns: [], rows: [] };
  let header: string[] | null = null;
  const body: { line: number; cells: Cell[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    if (!header) header = Array.from(cells, (c) => (c instanceof Date ? '' : (c ?? '')));
    else body.push({ line: row.number, cells: Array.from(cells, (c) => c ?? null) });
  });
  return header ? toSheet(header, body) : { columns: [], rows: [] };
}

/** Reads a file by its extension (.csv or .xlsx). */
export async function readTable(name: string, data: Buffer): Promise<Sheet> {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'csv' || ext === 'txt') return readCsv(data.toString('utf8'));
  if (ext === 'xlsx') return readXlsx(data);
  throw new Error(MSG.importUnsupportedFile);
}
