// A document PDF (one record, not a list): logo + office + title, then sections flowing down the pages:
// a grid of labelled fields, a table with a repeated header row, a right-aligned totals box and text blocks.
// Same look as the list PDFs of pdf-table.ts (A4, Helvetica/WinAnsi, 'Página N de M' footers).
// Speed: like the table, every page is written as one raw content stream (PDF operators in a string) with the
// fonts measured and encoded through a per-character table (`FastFont`); pdf-lib's drawText/drawRectangle build
// objects per operator, which made the wear report of 500 machines (130 pages, 5,000 bars) take seconds.
import { PDFDocument, StandardFonts, type PDFImage, type PDFPage } from 'pdf-lib';
import { LABELS } from '../messages';
import { fitColumnWidths, wrapText } from './pdf-layout';
import { A4, FastFont, type PdfOrientation } from './pdf-table';
import { cellText, type ReportCell, type ReportColumn } from './types';
import { toWinAnsi } from './win-ansi';

export type DocSection =
  /** `columns` fields per row; a field's `span` (default 1) takes that many columns. */
  | { kind: 'fields'; items: { label: string; value: string; span?: number }[]; columns?: number }
  | { kind: 'table'; columns: ReportColumn[]; rows: ReportCell[][] }
  | { kind: 'totals'; items: { label: string; value: string; note?: string; strong?: boolean }[] }
  | { kind: 'text'; label: string; text: string }
  /** A heading line (e.g. one machine of a multi-machine report). */
  | { kind: 'heading'; text: string }
  /** One bar per item (wear): label, a bar `percent` wide (0–100) in its level's colour, a value and a note. */
  | { kind: 'bars'; headers: [string, string, string, string]; items: BarItem[] }
  /** A chart over a few labelled points (months): columns or a line, with its value axis from zero. */
  | { kind: 'chart'; title: string; type: 'line' | 'columns'; labels: string[]; values: (number | null)[]; format: (v: number) => string };

export interface BarItem {
  label: string;
  percent: number;
  level: 'info' | 'warning' | 'danger';
  value: string;
  note?: string;
}

export interface DocumentPdfInput {
  officeName: string;
  title: string;
  orientation: PdfOrientation;
  sections: DocSection[];
  logoPng?: Uint8Array;
  generatedAt: string;
  /** Compresses the page contents (zlib format); the server passes Node's native zlib. Default: pdf-lib's pako. */
  deflate?: (bytes: Uint8Array) => Uint8Array;
}

const M = 36;
const SIZE = 8.5;
const LINE = 11;
const PAD = 4;
const GAP = 12;
/** An RGB colour as PDF operands ("r g b"). */
const rgb = (r: number, g: number, b: number) => `${r} ${g} ${b}`;
const C = {
  accent: rgb(0.118, 0.227, 0.373),
  white: rgb(1, 1, 1),
  zebra: rgb(0.945, 0.957, 0.973),
  box: rgb(0.965, 0.972, 0.98),
  grid: rgb(0.8, 0.83, 0.87),
  text: rgb(0.1, 0.12, 0.16),
  muted: rgb(0.39, 0.45, 0.55),
  track: rgb(0.9, 0.91, 0.93),
  // The wear bands: blue, yellow, red.
  info: rgb(0.16, 0.42, 0.85),
  warning: rgb(0.95, 0.75, 0.1),
  danger: rgb(0.84, 0.19, 0.19),
};
type Color = string;

/** A coordinate with two decimals (a hundredth of a point is far below what a printer shows). */
const n = (v: number) => String(Math.round(v * 100) / 100);

/** One page and its operators, written into its content stream at the end. */
interface PageOps {
  page: PDFPage;
  ops: string[];
  fontKey: string;
  boldKey: string;
  logoKey?: string;
}

class Writer {
  pages: PageOps[] = [];
  cur!: PageOps;
  y = 0;
  readonly width: number;
  readonly font: FastFont;
  readonly bold: FastFont;
  constructor(
    readonly doc: PDFDocument,
    fonts: [FastFont, FastFont],
    readonly size: [number, number],
    readonly input: DocumentPdfInput,
    readonly logo?: PDFImage,
  ) {
    this.width = size[0] - M * 2;
    [this.font, this.bold] = fonts;
  }
  measure = (t: string, s: number) => this.font.measure(t, s);
  wrap = (text: string, width: number, size = SIZE, font = this.font) =>
    wrapText(toWinAnsi(text, true), Math.max(width, 8), size, font.measure);
  private key(font: FastFont) {
    return font === this.bold ? this.cur.boldKey : this.cur.fontKey;
  }
  /** One line of text (WinAnsi) with its baseline at (x, y). */
  text(t: string, x: number, y: number, size = SIZE, font = this.font, color: Color = C.text) {
    this.cur.ops.push(`BT ${this.key(font)} ${size} Tf ${color} rg 1 0 0 1 ${n(x)} ${n(y)} Tm ${font.encode(t)} Tj ET`);
  }
  /** Lines of text `LINE` apart, the first baseline at (x, y), in one text object. */
  lines(t: string[], x: number, y: number, size = SIZE, font = this.font, color: Color = C.text) {
    if (t.length === 0) return;
    let op = `BT ${this.key(font)} ${size} Tf ${color} rg ${LINE} TL 1 0 0 1 ${n(x)} ${n(y)} Tm`;
    t.forEach((l, i) => (op += `${i ? ' T*' : ''} ${font.encode(l)} Tj`));
    this.cur.ops.push(`${op} ET`);
  }
  /** A rectangle filled (`fill`), outlined (`border`) or both. */
  rect(x: number, y: number, width: number, height: number, fill: Color | null, border?: { color: Color; width: number }) {
    const box = `${n(x)} ${n(y)} ${n(width)} ${n(height)} re`;
    if (!border) this.cur.ops.push(`${fill} rg ${box} f`);
    else if (fill === null) this.cur.ops.push(`q ${border.width} w ${border.color} RG ${box} S Q`);
    else this.cur.ops.push(`q ${border.width} w ${fill} rg ${border.color} RG ${box} B Q`);
  }
  line(x1: number, y1: number, x2: number, y2: number, thickness: number, color: Color) {
    this.cur.ops.push(`q ${thickness} w ${color} RG ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S Q`);
  }
  /** Writes the operators of the current page into its content stream (right away: strings die young). */
  private flush(compress = true) {
    if (this.pages.length === 0 || this.cur.ops.length === 0) return;
    const text = this.cur.ops.join('\n');
    this.cur.ops = [];
    const { context } = this.doc;
    const deflate = this.input.deflate;
    const stream = !compress
      ? context.stream(text)
      : deflate
        ? context.stream(deflate(new TextEncoder().encode(text)), { Filter: 'FlateDecode' })
        : context.flateStream(text);
    this.cur.page.node.addContentStream(context.register(stream));
  }
  newPage() {
    this.flush();
    const page = this.doc.addPage(this.size);
    const f = this.font.font;
    const b = this.bold.font;
    this.cur = {
      page,
      ops: [],
      fontKey: page.node.newFontDictionary(f.name, f.ref).toString(),
      boldKey: page.node.newFontDictionary(b.name, b.ref).toString(),
      // The logo is embedded once in the document; each page only names it.
      logoKey: this.logo ? page.node.newXObject('Image', this.logo.ref).toString() : undefined,
    };
    this.pages.push(this.cur);
    const top = this.size[1] - M;
    let x = M;
    let bottom = top;
    if (this.logo && this.cur.logoKey) {
      const k = Math.min(48 / this.logo.height, 96 / this.logo.width);
      const [lw, lh] = [this.logo.width * k, this.logo.height * k];
      this.cur.ops.push(`q ${n(lw)} 0 0 ${n(lh)} ${n(M)} ${n(top - lh)} cm ${this.cur.logoKey} Do Q`);
      x = M + lw + 10;
      bottom = top - lh;
    }
    let y = top - 11;
    for (const [t, s] of [
      [this.input.officeName.toUpperCase(), 11],
      [this.input.title.toUpperCase(), 12],
    ] as const)
      for (const line of this.wrap(t, this.size[0] - M - x, s, this.bold)) {
        this.text(line, x, y, s, this.bold);
        y -= s + 4;
      }
    this.y = Math.min(y + 4, bottom) - GAP;
  }
  /** Starts a new page unless `height` still fits above the footer. */
  ensure(height: number) {
    if (this.y - height < M + 20) this.newPage();
  }
  /** The last page's content, then the footers ('generated at', 'Página N de M') as a second stream of each page. */
  finish() {
    this.flush();
    const total = this.pages.length;
    const left = toWinAnsi(LABELS.pdfGenerated(this.input.generatedAt));
    this.pages.forEach((p, i) => {
      this.cur = p;
      const right = toWinAnsi(LABELS.pdfPage(i + 1, total));
      this.line(M, M - 4, this.size[0] - M, M - 4, 0.5, C.grid);
      this.text(left, M, M - 14, 7.5, this.font, C.muted);
      this.text(right, this.size[0] - M - this.font.measure(right, 7.5), M - 14, 7.5, this.font, C.muted);
      // A few hundred bytes: not worth a compressor per page.
      this.flush(false);
    });
  }
}

function fields(w: Writer, s: Extract<DocSection, { kind: 'fields' }>) {
  const cols = s.columns ?? 4;
  const colW = w.width / cols;
  const rows: (typeof s.items)[] = [];
  let used = cols;
  for (const item of s.items) {
    const span = Math.min(item.span ?? 1, cols);
    if (used + span > cols) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1].push(item);
    used += span;
  }
  for (const row of rows) {
    const cells = row.map((f) => w.wrap(f.value || '-', colW * (f.span ?? 1) - PAD * 3));
    const height = 10 + Math.max(...cells.map((l) => l.length)) * LINE + PAD * 2;
    w.ensure(height);
    w.rect(M, w.y - height, w.width, height, C.box, { color: C.grid, width: 0.5 });
    let x = M + PAD * 1.5;
    cells.forEach((lines, c) => {
      w.text(toWinAnsi(row[c].label.toUpperCase()), x, w.y - PAD - 7, 7, w.bold, C.muted);
      w.lines(lines, x, w.y - PAD - 8 - LINE + 1, SIZE + 0.5);
      x += colW * (row[c].span ?? 1);
    });
    w.y -= height;
  }
}

function table(w: Writer, s: Extract<DocSection, { kind: 'table' }>) {
  const texts = s.rows.map((r) => s.columns.map((col, c) => toWinAnsi(cellText(r[c], col.number), true)));
  const heads = s.columns.map((c) => toWinAnsi(c.header));
  const widths = fitColumnWidths(
    s.columns.map((c, i) => ({ ...c, header: heads[i] })),
    texts,
    { available: w.width, size: SIZE, padding: PAD, measure: w.measure, measureHeader: w.bold.measure },
  );
  const draw = (cells: string[][], font: FastFont, color = C.text) => {
    let x = M;
    cells.forEach((lines, c) => {
      const align = s.columns[c].align ?? 'left';
      lines.forEach((l, k) => {
        const lw = font.measure(l, SIZE);
        const tx = align === 'right' ? x + widths[c] - PAD - lw : align === 'center' ? x + (widths[c] - lw) / 2 : x + PAD;
        w.text(l, tx, w.y - PAD - (k + 1) * LINE + 2.5, SIZE, font, color);
      });
      x += widths[c];
    });
  };
  const headCells = heads.map((h, c) => w.wrap(h, widths[c] - PAD * 2, SIZE, w.bold));
  const headH = Math.max(...headCells.map((l) => l.length)) * LINE + PAD * 2;
  const header = () => {
    w.rect(M, w.y - headH, w.width, headH, C.accent);
    draw(headCells, w.bold, C.white);
    w.y -= headH;
  };
  w.ensure(headH + LINE + PAD * 2);
  header();
  if (texts.length === 0) {
    w.text(toWinAnsi(LABELS.noRecords), M + PAD, w.y - PAD - LINE + 2.5, SIZE, w.font, C.muted);
    w.y -= LINE + PAD * 2;
  }
  texts.forEach((row, r) => {
    const cells = row.map((t, c) => w.wrap(t, widths[c] - PAD * 2));
    const h = Math.max(...cells.map((l) => l.length)) * LINE + PAD * 2;
    if (w.y - h < M + 20) {
      w.newPage();
      header();
    }
    if (r % 2 === 1) w.rect(M, w.y - h, w.width, h, C.zebra);
    draw(cells, w.font);
    w.line(M, w.y - h, M + w.width, w.y - h, 0.4, C.grid);
    w.y -= h;
  });
}

function totals(w: Writer, s: Extract<DocSection, { kind: 'totals' }>) {
  const boxW = Math.min(340, w.width);
  const x = M + w.width - boxW;
  const h = s.items.length * (LINE + 4) + PAD * 2;
  w.ensure(h);
  w.rect(x, w.y - h, boxW, h, null, { color: C.grid, width: 0.5 });
  s.items.forEach((it, i) => {
    const y = w.y - PAD - (i + 1) * (LINE + 4) + 4;
    const font = it.strong ? w.bold : w.font;
    const label = toWinAnsi(it.note ? `${it.label}  ${it.note}` : it.label);
    const value = toWinAnsi(it.value);
    w.text(label, x + PAD * 2, y, SIZE + 0.5, font);
    w.text(value, x + boxW - PAD * 2 - font.measure(value, SIZE + 0.5), y, SIZE + 0.5, font);
  });
  w.y -= h;
}

function textBlock(w: Writer, s: Extract<DocSection, { kind: 'text' }>) {
  const lines = w.wrap(s.text || '-', w.width - PAD * 2);
  w.ensure(10 + LINE * Math.min(lines.length, 3) + PAD);
  w.text(toWinAnsi(s.label.toUpperCase()), M, w.y - 8, 7, w.bold, C.muted);
  w.y -= 10;
  for (const l of lines) {
    w.ensure(LINE + PAD);
    w.text(l, M + PAD, w.y - LINE + 2, SIZE + 0.5);
    w.y -= LINE;
  }
}

function heading(w: Writer, s: Extract<DocSection, { kind: 'heading' }>) {
  const lines = w.wrap(s.text, w.width, SIZE + 2.5, w.bold);
  // Keep the heading with the start of what follows it.
  w.ensure(lines.length * (LINE + 3) + 60);
  for (const l of lines) {
    w.text(l, M, w.y - LINE, SIZE + 2.5, w.bold, C.accent);
    w.y -= LINE + 3;
  }
  w.line(M, w.y - 2, M + w.width, w.y - 2, 0.8, C.accent);
  w.y -= 6;
}

function bars(w: Writer, s: Extract<DocSection, { kind: 'bars' }>) {
  const widths = [0.32, 0.22, 0.27, 0.19].map((k) => w.width * k);
  const xs = widths.map((_, i) => M + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const headH = LINE + PAD * 2;
  const header = () => {
    w.rect(M, w.y - headH, w.width, headH, C.accent);
    s.headers.forEach((h, i) => w.text(toWinAnsi(h), xs[i] + PAD, w.y - PAD - LINE + 2.5, SIZE, w.bold, C.white));
    w.y -= headH;
  };
  w.ensure(headH + LINE + PAD * 2);
  header();
  if (s.items.length === 0) {
    w.text(toWinAnsi(LABELS.noRecords), M + PAD, w.y - PAD - LINE + 2.5, SIZE, w.font, C.muted);
    w.y -= LINE + PAD * 2;
  }
  // Few drawing operations per row (a row's lines go in one text object, no separator line): a wear report of
  // 500 machines has 5,000 rows.
  s.items.forEach((it, r) => {
    const label = w.wrap(it.label, widths[0] - PAD * 2);
    const note = w.wrap(it.note ?? '', widths[3] - PAD * 2);
    const value = w.wrap(it.value, widths[2] - PAD * 2);
    const h = Math.max(label.length, note.length, value.length, 1) * LINE + PAD * 2;
    if (w.y - h < M + 20) {
      w.newPage();
      header();
    }
    if (r % 2 === 1) w.rect(M, w.y - h, w.width, h, C.zebra);
    const top = w.y - PAD - LINE + 2.5;
    w.lines(label, xs[0] + PAD, top);
    const barW = widths[1] - PAD * 2;
    const barY = w.y - PAD - LINE + 1;
    const filled = (barW * Math.min(100, Math.max(0, it.percent))) / 100;
    if (filled > 0) w.rect(xs[1] + PAD, barY, filled, LINE - 2, C[it.level]);
    if (filled < barW) w.rect(xs[1] + PAD + filled, barY, barW - filled, LINE - 2, C.track);
    value.forEach((l, k) => w.text(l, xs[2] + widths[2] - PAD - w.measure(l, SIZE), top - k * LINE));
    w.lines(note, xs[3] + PAD, top);
    w.y -= h;
  });
  w.line(M, w.y, M + w.width, w.y, 0.4, C.grid);
}

/** A "nice" top of the value axis: 1, 2, 2.5 or 5 times a power of ten, at least `max`. */
function niceTop(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 2.5, 5, 10].find((k) => k * p >= max) ?? 10) * p;
}

/** A chart drawn with lines and rectangles: title, four grid lines with their values, a column or a point per label. */
function chart(w: Writer, s: Extract<DocSection, { kind: 'chart' }>) {
  const height = 150;
  w.ensure(height + 24);
  w.text(toWinAnsi(s.title), M, w.y - LINE, SIZE + 1, w.bold, C.accent);
  w.y -= LINE + 6;
  const known = s.values.filter((v): v is number => v !== null && Number.isFinite(v));
  const top = niceTop(Math.max(0, ...known));
  const axisW = Math.max(...[0, 1, 2, 3, 4].map((k) => w.measure(toWinAnsi(s.format((top * k) / 4)), 7))) + 6;
  const x0 = M + axisW;
  const plotW = w.width - axisW;
  const y0 = w.y - height + 18;
  const plotH = height - 26;
  for (let k = 0; k <= 4; k++) {
    const y = y0 + (plotH * k) / 4;
    w.line(x0, y, x0 + plotW, y, k === 0 ? 0.8 : 0.3, C.grid);
    const label = toWinAnsi(s.format((top * k) / 4));
    w.text(label, x0 - 4 - w.measure(label, 7), y - 2.5, 7, w.font, C.muted);
  }
  const slot = plotW / Math.max(1, s.labels.length);
  // Labels thinned so they never overlap.
  const every = Math.max(1, Math.ceil((w.measure('0000-00', 6.5) + 4) / slot));
  const yOf = (v: number) => y0 + (plotH * Math.max(0, v)) / top;
  const points: [number, number][] = [];
  s.labels.forEach((l, i) => {
    const cx = x0 + slot * (i + 0.5);
    const v = s.values[i];
    if (v !== null && v !== undefined && Number.isFinite(v)) {
      if (s.type === 'columns') w.rect(cx - slot * 0.35, y0, slot * 0.7, yOf(v) - y0, C.info);
      else points.push([cx, yOf(v)]);
    }
    if (i % every === 0) {
      const t = toWinAnsi(l);
      w.text(t, cx - w.measure(t, 6.5) / 2, y0 - 10, 6.5, w.font, C.muted);
    }
  });
  if (points.length) {
    const path = points.map(([x, y], i) => `${n(x)} ${n(y)} ${i ? 'l' : 'm'}`).join(' ');
    w.cur.ops.push(`q 1.5 w ${C.info} RG 1 J 1 j ${path} S Q`);
    for (const [x, y] of points) w.rect(x - 1.8, y - 1.8, 3.6, 3.6, C.accent);
  }
  w.y -= height - 10;
}

/** Builds the document; sections are drawn in order, GAP points apart. */
export async function buildDocumentPdf(input: DocumentPdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(input.title));
  doc.setAuthor(toWinAnsi(input.officeName));
  const fonts: [FastFont, FastFont] = [
    new FastFont(await doc.embedFont(StandardFonts.Helvetica)),
    new FastFont(await doc.embedFont(StandardFonts.HelveticaBold)),
  ];
  let logo: PDFImage | undefined;
  if (input.logoPng?.length) logo = await doc.embedPng(input.logoPng).catch(() => undefined);
  const size: [number, number] = input.orientation === 'landscape' ? [A4[1], A4[0]] : [A4[0], A4[1]];
  const w = new Writer(doc, fonts, size, input, logo);
  w.newPage();
  for (const s of input.sections) {
    if (s.kind === 'fields') fields(w, s);
    else if (s.kind === 'table') table(w, s);
    else if (s.kind === 'totals') totals(w, s);
    else if (s.kind === 'heading') heading(w, s);
    else if (s.kind === 'bars') bars(w, s);
    else if (s.kind === 'chart') chart(w, s);
    else textBlock(w, s);
    w.y -= GAP;
  }
  w.finish();
  return doc.save();
}
