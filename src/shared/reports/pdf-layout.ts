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
  /** How header words are measured (bold); default `measure`. */
  measureHeader?: MeasureText;
  /** Rows sampled to estimate natural widths (all rows up to this count). */
  sample?: number;
}

/** The widest single word of a text (what cannot wrap: a date, a voucher, a plate, a number). */
function widestWord(text: string, size: number, measure: MeasureText): number {
  let widest = 0;
  for (const word of text.split(/\s+/)) {
    if (word === '') continue;
    const w = measure(word, size);
    if (w > widest) widest = w;
  }
  return widest;
}

/** The width of a text's widest line (a cell or header may hold explicit line breaks). */
function widestLine(text: string, size: number, measure: MeasureText): number {
  if (!text.includes('\n')) return measure(text, size);
  let widest = 0;
  for (const line of text.split('\n')) widest = Math.max(widest, measure(line, size));
  return widest;
}

/**
 * Column widths in points summing to `available`. Each column has a natural width (its preferred `width`, or the
 * widest of header and sampled cells, capped) and a floor: its longest unbreakable word, header included, so short
 * values (dates, codes, plates, numbers, years) are never split. When everything fits, the natural widths are
 * stretched together to fill the page. When not, every column gets its floor and the room left goes to the columns
 * with text that can wrap, in proportion to what they lack; only when the floors alone overflow the page are they
 * shrunk together (a word is then cut, as wrapText does).
 */
export function fitColumnWidths(columns: ReportColumn[], rows: string[][], opts: FitOptions): number[] {
  if (columns.length === 0) return [];
  const { available, size, padding, measure } = opts;
  const measureHeader = opts.measureHeader ?? measure;
  const sample = rows.slice(0, opts.sample ?? 300);
  const cap = Math.max(available * 0.45, 60);
  const minWidth = Math.min(24, available / columns.length);
  const floors: number[] = [];
  const natural = columns.map((col, c) => {
    let word = widestWord(col.header, size, measureHeader);
    let widest = Math.max(widestLine(col.header, size, measureHeader) * 0.6, word);
    for (const row of sample) {
      const text = row[c] ?? '';
      const w = widestLine(text, size, measure);
      if (w > widest) widest = w;
      if (w > word) word = Math.max(word, widestWord(text, size, measure));
    }
    // Half a point more than the word: the sums of floats must not tip it onto two lines.
    const floor = Math.max(Math.min(word + padding * 2 + 0.5, cap), minWidth);
    floors.push(floor);
    const wanted = col.width && col.width > 0 ? col.width : Math.min(widest + padding * 2, cap);
    return Math.max(wanted, floor);
  });
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) return natural.map((w) => (w / total) * available);
  const floorTotal = floors.reduce((a, b) => a + b, 0);
  if (floorTotal >= available) return floors.map((w) => (w / floorTotal) * available);
  const lack = natural.map((w, c) => w - floors[c]);
  const lackTotal = lack.reduce((a, b) => a + b, 0);
  const room = available - floorTotal;
  return floors.map((f, c) => f + (lackTotal > 0 ? (lack[c] / lackTotal) * room : room / columns.length));
}
