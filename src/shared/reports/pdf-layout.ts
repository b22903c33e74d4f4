// Pure text measuring helpers for the PDF table: word wrapping and column width fitting.
import type { ReportColumn } from './types';

/** Width of a string at a size; pdf-lib's `font.widthOfTextAtSize` fits this shape. */
export type MeasureText = (text: string, size: number) => number;

/** Splits text into lines no wider than `maxWidth` (breaks long words; keeps explicit '\n'). */
export function wrapText(text: string, maxWidth: number, size: number, measure: MeasureText): string[] {
  if (text === '') return [''];
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    const words = paragraph.split(/ +/).filter((w) => w !== '');
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    // Most cells fit on one line: one measure instead of one per word.
    const whole = words.join(' ');
    if (measure(whole, size) <= maxWidth) {
      lines.push(whole);
      continue;
    }
    let current = '';
    for (const word of words) {
      const candidate = current === '' ? word : `${current} ${word}`;
      if (measure(candidate, size) <= maxWidth) {
        current = candidate;
        continue;
      }
      if (current !== '') lines.push(current);
      // A single word wider than the cell is cut character by character.
      let rest = word;
      while (measure(rest, size) > maxWidth && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut), size) > maxWidth) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      current = rest;
    }
    lines.push(current);
  }
  return lines;
}

export interface FitOptions {
  available: number;
  size: number;
  padding: number;
  measure: MeasureText;
  /** Rows sampled to estimate natural widths (all rows up to this count). */
  sample?: number;
}

/**
 * Column widths in points summing to `available`: a column's preferred `width` when given, otherwise its
 * natural width (widest of header and sampled cells, capped), then scaled together to fill the page.
 */
export function fitColumnWidths(columns: ReportColumn[], rows: string[][], opts: FitOptions): number[] {
  if (columns.length === 0) return [];
  const { available, size, padding, measure } = opts;
  const sample = rows.slice(0, opts.sample ?? 300);
  const cap = Math.max(available * 0.45, 60);
  const natural = columns.map((col, c) => {
    if (col.width && col.width > 0) return col.width;
    const headerWords = col.header.split(/\s+/).map((w) => measure(w, size));
    let widest = Math.max(measure(col.header, size) * 0.6, ...headerWords);
    for (const row of sample) {
      const w = measure(row[c] ?? '', size);
      if (w > widest) widest = w;
    }
    return Math.min(widest + padding * 2, cap);
  });
  const minWidth = Math.min(24, available / columns.length);
  const total = natural.reduce((a, b) => a + b, 0);
  const scaled = natural.map((w) => Math.max((w / total) * available, minWidth));
  const scaledTotal = scaled.reduce((a, b) => a + b, 0);
  return scaled.map((w) => (w / scaledTotal) * available);
}
