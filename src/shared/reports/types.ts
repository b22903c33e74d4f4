// Column and cell types shared by the PDF and XLSX table reports (client and server).

export type ReportAlign = 'left' | 'center' | 'right';

export interface ReportColumn {
  header: string;
  /** Preferred width in points (PDF); columns are scaled together to fill the page width. */
  width?: number;
  align?: ReportAlign;
}

export type ReportCell = string | number | null | undefined;

/** Text of a cell as printed: numbers as written, null/undefined as ''. */
export function cellText(value: ReportCell): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
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
