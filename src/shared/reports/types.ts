// Column and cell types shared by the PDF and XLSX table reports (client and server).
import { formatNumber, type NumberFormat } from '../domain/numbers';

export type ReportAlign = 'left' | 'center' | 'right';

export interface ReportColumn {
  header: string;
  /** Preferred width in points (PDF); columns are scaled together to fill the page width. */
  width?: number;
  align?: ReportAlign;
  /** The column's numbers: printed es-PE in a PDF, stored as numbers with this format in Excel. */
  number?: NumberFormat;
}

export type ReportCell = string | number | null | undefined;

/** Text of a cell as printed: numbers in their column's es-PE format (as written without one), null/undefined as ''. */
export function cellText(value: ReportCell, number?: NumberFormat): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'number') return value;
  if (!Number.isFinite(value)) return '';
  return number ? formatNumber(value, number) : String(value);
}

/** File name safe for downloads on every OS, with the given extension. */
export function safeFileName(name: string, ext: string): string {
  const printable = [...name.normalize('NFC')].filter((c) => c.charCodeAt(0) >= 0x20).join('');
  const base = printable
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  const clean = base === '' ? 'reporte' : base;
  return clean.toLowerCase().endsWith(`.${ext}`) ? clean : `${clean}.${ext}`;
}
