// The one PDF table layout (client exports and server reports): A4, logo + office title, repeated header row,
// wrapped cells, zebra rows, 'Página N de M' and the generation date on every page. Helvetica (WinAnsi) only.
// Speed: pdf-lib draws the page header and footers, but the table itself — thousands of text runs, rectangles
// and lines — is written as one raw content stream per page (plain PDF operators in a string), measured with a
// per-character width table instead of pdf-lib's per-call glyph encoding. That is what keeps 1,000 landscape
// rows within a few hundred milliseconds in Node (pdf-lib's drawText per cell took several times longer).
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { LABELS } from '../messages';
import { fitColumnWidths, wrapText } from './pdf-layout';
import { cellText, type ReportAlign, type ReportCell, type ReportColumn } from './types';
import { toWinAnsi } from './win-ansi';

export type PdfOrientation = 'portrait' | 'landscape';

export interface TablePdfInput {
  officeName: string;
  title: string;
  subtitle?: string;
  orientation: PdfOrientation;
  columns: ReportColumn[];
  rows: ReportCell[][];
  /** PNG bytes drawn top-left; ignored when missing or unreadable. */
  logoPng?: Uint8Array;
  /** Already formatted date/time printed in every footer (e.g. '2025-03-01 10:20:00'). */
  generatedAt: string;
  /** Called now and then with the share of rows laid out (0..1), for a progress indication. */
  onProgress?: (done: number) => void;
  /** False writes the table uncompressed: a bigger file, built faster. Default true. */
  compress?: boolean;
}

/** A4 in points: [width, height]. */
export const A4: readonly [number, number] = [595.28, 841.89];

const MARGIN = 36;
const FONT_SIZE = 8;
const HEADER_SIZE = 8;
const LINE = 10;
const PAD = 4;
const FOOTER_H = 20;
const COLORS = {
  headerBg: rgb(0.118, 0.227, 0.373), // #1e3a5f, the app's theme colour
  headerText: rgb(1, 1, 1),
  zebra: rgb(0.945, 0.957, 0.973),
  grid: rgb(0.8, 0.83, 0.87),
  text: rgb(0.1, 0.12, 0.16),
  muted: rgb(0.39, 0.45, 0.55),
};

/** A standard font seen as a width table and a WinAnsi hex encoder (filled lazily, per character). */
export class FastFont {
  /** Width at 1000 pt and hex code of the characters below U+0100; NaN = not looked up yet. */
  private readonly low = new Float64Array(256).fill(Number.NaN);
  private readonly lowHex: string[] = new Array<string>(256);
  private readonly high = new Map<string, [number, string]>();
  constructor(readonly font: PDFFont) {}
  private look(ch: string): [number, string] {
    return [this.font.widthOfTextAtSize(ch, 1000), this.font.encodeText(ch).toString().slice(1, -1)];
  }
  private width(text: string, i: number): number {
    const code = text.charCodeAt(i);
    if (code < 256) {
      let w = this.low[code];
      if (Number.isNaN(w)) {
        const [lw, lh] = this.look(text[i]);
        this.low[code] = w = lw;
        this.lowHex[code] = lh;
      }
      return w;
    }
    return this.highOf(text[i])[0];
  }
  private highOf(ch: string): [number, string] {
    let e = this.high.get(ch);
    if (!e) this.high.set(ch, (e = this.look(ch)));
    return e;
  }
  /** Width at `size`, without kerning (the text is drawn without it). Text is WinAnsi (toWinAnsi). */
  measure = (text: string, size: number): number => {
    let w = 0;
    for (let i = 0; i < text.length; i++) w += this.width(text, i);
    return (w * size) / 1000;
  };
  /** `<hex>` string operand of the text in WinAnsi. */
  encode(text: string): string {
    let out = '<';
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code < 256) {
        if (this.lowHex[code] === undefined) this.width(text, i);
        out += this.lowHex[code];
      } else out += this.highOf(text[i])[1];
    }
    return `${out}>`;
  }
}

/** A page's operators as a content stream; `compress` (the default) deflates it with pdf-lib's pako. */
function contentStream(doc: PDFDocument, text: string, compress: boolean) {
  return compress ? doc.context.flateStream(text) : doc.context.stream(text);
}

const n2 = (v: number) => (Math.round(v * 100) / 100).toString();
/** Colour operators, made once per colour (a few colours, thousands of uses). */
const colorOps = new WeakMap<RGB, [string, string]>();
const color = (c: RGB, stroke = false) => {
  let ops = colorOps.get(c);
  if (!ops) {
    const rgbText = `${n2(c.red)} ${n2(c.green)} ${n2(c.blue)}`;
    colorOps.set(c, (ops = [`${rgbText} rg`, `${rgbText} RG`]));
  }
  return ops[stroke ? 1 : 0];
};

/** PDF operators of one page's table, flushed into a content stream of that page. */
class PageOps {
  ops: string[] = ['q'];
  constructor(
    readonly page: PDFPage,
    readonly fontKey: string,
    readonly boldKey: string,
  ) {}
  rect(x: number, y: number, w: number, h: number, fill: RGB) {
    this.ops.push(`${color(fill)} ${n2(x)} ${n2(y)} ${n2(w)} ${n2(h)} re f`);
  }
  line(x1: number, y: number, x2: number, thickness: number, stroke: RGB) {
    this.ops.push(`${n2(thickness)} w ${color(stroke, true)} ${n2(x1)} ${n2(y)} m ${n2(x2)} ${n2(y)} l S`);
  }
  /** Text runs of one font and colour: [x, y, hexString][]; the font keys are the page's resource names. */
  text(runs: [number, number, string][], bold: boolean, size: number, fill: RGB) {
    if (runs.length === 0) return;
    let t = `BT ${bold ? this.boldKey : this.fontKey} ${size} Tf ${color(fill)}`;
    for (const [x, y, hex] of runs) t += ` 1 0 0 1 ${n2(x)} ${n2(y)} Tm ${hex} Tj`;
    this.ops.push(`${t} ET`);
  }
}

interface Ctx {
  doc: PDFDocument;
  font: PDFFont;
  bold: PDFFont;
  fast: FastFont;
  fastBold: FastFont;
  logo?: PDFImage;
  size: [number, number];
  widths: number[];
  aligns: ReportAlign[];
  headerLines: string[][];
  input: TablePdfInput;
}

/** Text runs of a cell's lines, aligned in its column. */
function cellRuns(
  ctx: Ctx,
  lines: string[],
  x: number,
  top: number,
  col: number,
  fast: FastFont,
  size: number,
): [number, number, string][] {
  const width = ctx.widths[col];
  const align = ctx.aligns[col];
  const runs: [number, number, string][] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') continue;
    const w = align === 'left' ? 0 : fast.measure(line, size);
    const tx = align === 'right' ? x + width - PAD - w : align === 'center' ? x + (width - w) / 2 : x + PAD;
    runs.push([tx, top - PAD - (i + 1) * LINE + 2.5, fast.encode(line)]);
  }
  return runs;
}

/**
 * Draws logo, office name, title and subtitle; returns the y where the table starts. The texts go into the
 * page's own operators like the table's (pdf-lib's drawText would add a second content stream to every page,
 * each deflated on its own when saved).
 */
function drawPageHeader(page: PDFPage, ops: PageOps, ctx: Ctx): number {
  const [w, h] = ctx.size;
  let textX = MARGIN;
  const top = h - MARGIN;
  let blockBottom = top;
  if (ctx.logo) {
    const scale = Math.min(48 / ctx.logo.height, 96 / ctx.logo.width);
    const lw = ctx.logo.width * scale;
    const lh = ctx.logo.height * scale;
    page.drawImage(ctx.logo, { x: MARGIN, y: top - lh, width: lw, height: lh });
    textX = MARGIN + lw + 10;
    blockBottom = top - lh;
  }
  const maxText = w - MARGIN - textX;
  let y = top - 11;
  const put = (text: string, bold: boolean, size: number, color = COLORS.text) => {
    const fast = bold ? ctx.fastBold : ctx.fast;
    for (const line of wrapText(toWinAnsi(text), maxText, size, fast.measure)) {
      ops.text([[textX, y, fast.encode(line)]], bold, size, color);
      y -= size + 3;
    }
  };
  put(ctx.input.officeName.toUpperCase(), true, 11);
  put(ctx.input.title.toUpperCase(), true, 10);
  if (ctx.input.subtitle) put(ctx.input.subtitle, false, 9, COLORS.muted);
  return Math.min(y + 3, blockBottom) - 10;
}

/** Draws the column header row at `top`; returns the y below it. */
function drawHeaderRow(ops: PageOps, ctx: Ctx, top: number): number {
  const height = Math.max(...ctx.headerLines.map((l) => l.length)) * LINE + PAD * 2;
  const totalWidth = ctx.widths.reduce((a, b) => a + b, 0);
  ops.rect(MARGIN, top - height, totalWidth, height, COLORS.headerBg);
  let x = MARGIN;
  const runs: [number, number, string][] = [];
  ctx.headerLines.forEach((lines, c) => {
    runs.push(...cellRuns(ctx, lines, x, top, c, ctx.fastBold, HEADER_SIZE));
    x += ctx.widths[c];
  });
  ops.text(runs, true, HEADER_SIZE, COLORS.headerText);
  return top - height;
}

/** The rule, the generation date and 'Página N de M' at the foot of every page (once their count is known). */
function drawFooters(pages: PageOps[], ctx: Ctx): void {
  const [w] = ctx.size;
  const y = MARGIN - 14;
  const left = ctx.fast.encode(toWinAnsi(LABELS.pdfGenerated(ctx.input.generatedAt)));
  pages.forEach((ops, i) => {
    ops.line(MARGIN, MARGIN - 4, w - MARGIN, 0.5, COLORS.grid);
    const right = toWinAnsi(LABELS.pdfPage(i + 1, pages.length));
    ops.text(
      [
        [MARGIN, y, left],
        [w - MARGIN - ctx.font.widthOfTextAtSize(right, 7.5), y, ctx.fast.encode(right)],
      ],
      false,
      7.5,
      COLORS.muted,
    );
  });
}

/** Builds the PDF; rows are printed in the given order, one line of text per '\n'. */
export async function buildTablePdf(input: TablePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(input.title));
  doc.setAuthor(toWinAnsi(input.officeName));
  doc.setCreator(toWinAnsi(input.officeName));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let logo: PDFImage | undefined;
  if (input.logoPng && input.logoPng.length > 0) {
    try {
      logo = await doc.embedPng(input.logoPng);
    } catch {
      logo = undefined;
    }
  }
  const fast = new FastFont(font);
  const fastBold = new FastFont(bold);
  const size: [number, number] = input.orientation === 'landscape' ? [A4[1], A4[0]] : [A4[0], A4[1]];
  const available = size[0] - MARGIN * 2;
  const measure = fast.measure;
  const columns = input.columns.map((c) => ({ ...c, header: toWinAnsi(c.header) }));
  const texts = input.rows.map((row) => columns.map((col, c) => toWinAnsi(cellText(row[c], col.number), true)));
  const widths = fitColumnWidths(columns, texts, {
    available,
    size: FONT_SIZE,
    padding: PAD,
    measure,
    measureHeader: fastBold.measure,
  });
  const inner = (c: number) => Math.max(widths[c] - PAD * 2, 4);
  const ctx: Ctx = {
    doc,
    font,
    bold,
    fast,
    fastBold,
    logo,
    size,
    widths,
    aligns: columns.map((c) => c.align ?? 'left'),
    headerLines: columns.map((c, i) => wrapText(c.header, inner(i), HEADER_SIZE, fastBold.measure)),
    input,
  };
  const bottomLimit = MARGIN + FOOTER_H;
  const pages: PageOps[] = [];
  const newPage = () => {
    const page = doc.addPage(size);
    const ops = new PageOps(
      page,
      page.node.newFontDictionary(font.name, font.ref).toString(),
      page.node.newFontDictionary(bold.name, bold.ref).toString(),
    );
    const top = drawPageHeader(page, ops, ctx);
    pages.push(ops);
    const y = drawHeaderRow(ops, ctx, top);
    return { ops, y };
  };
  let { ops, y } = newPage();
  const maxLines = Math.max(1, Math.floor((y - bottomLimit - PAD * 2) / LINE));
  const totalWidth = widths.reduce((a, b) => a + b, 0);

  if (texts.length === 0) {
    ops.text([[MARGIN + PAD, y - PAD - LINE + 2.5, fast.encode(toWinAnsi(LABELS.noRecords))]], false, FONT_SIZE, COLORS.muted);
  }
  const step = Math.max(100, Math.ceil(texts.length / 20));
  texts.forEach((row, r) => {
    // Most cells fit on one line: one measure, no wrapping.
    let cells = row.map((text, c) =>
      text === '' || (!text.includes('\n') && measure(text, FONT_SIZE) <= inner(c)) ? [text] : wrapText(text, inner(c), FONT_SIZE, measure),
    );
    let tallest = 1;
    for (const lines of cells) if (lines.length > tallest) tallest = lines.length;
    // A row taller than a whole page is cut (never happens with list data, but must not loop).
    if (tallest > maxLines) {
      cells = cells.map((lines) => (lines.length > maxLines ? [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]}...`] : lines));
      tallest = maxLines;
    }
    const height = tallest * LINE + PAD * 2;
    if (y - height < bottomLimit) ({ ops, y } = newPage());
    if (r % 2 === 1) ops.rect(MARGIN, y - height, totalWidth, height, COLORS.zebra);
    let x = MARGIN;
    const runs: [number, number, string][] = [];
    for (let c = 0; c < cells.length; c++) {
      for (const run of cellRuns(ctx, cells[c], x, y, c, fast, FONT_SIZE)) runs.push(run);
      x += widths[c];
    }
    ops.text(runs, false, FONT_SIZE, COLORS.text);
    ops.line(MARGIN, y - height, MARGIN + totalWidth, 0.4, COLORS.grid);
    y -= height;
    if (input.onProgress && (r + 1) % step === 0) input.onProgress((r + 1) / texts.length);
  });
  drawFooters(pages, ctx);
  for (const p of pages) {
    const stream = contentStream(doc, `${p.ops.join('\n')}\nQ`, input.compress !== false);
    p.page.node.addContentStream(doc.context.register(stream));
  }
  input.onProgress?.(1);
  return doc.save();
}
