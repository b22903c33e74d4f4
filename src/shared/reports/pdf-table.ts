// The one PDF table layout (client exports and server reports): A4, logo + office title, repeated header row,
// wrapped cells, zebra rows, 'Página N de M' and the generation date on every page. Helvetica (WinAnsi) only.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
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

interface Ctx {
  doc: PDFDocument;
  font: PDFFont;
  bold: PDFFont;
  logo?: PDFImage;
  size: [number, number];
  widths: number[];
  aligns: ReportAlign[];
  headerLines: string[][];
  input: TablePdfInput;
}

function drawCellLines(
  page: PDFPage,
  ctx: Ctx,
  lines: string[],
  x: number,
  top: number,
  col: number,
  font: PDFFont,
  size: number,
  color = COLORS.text,
) {
  const width = ctx.widths[col];
  lines.forEach((line, i) => {
    const w = font.widthOfTextAtSize(line, size);
    const align = ctx.aligns[col];
    const tx = align === 'right' ? x + width - PAD - w : align === 'center' ? x + (width - w) / 2 : x + PAD;
    page.drawText(line, { x: tx, y: top - PAD - (i + 1) * LINE + 2.5, size, font, color });
  });
}

/** Draws logo, office name, title and subtitle; returns the y where the table starts. */
function drawPageHeader(page: PDFPage, ctx: Ctx): number {
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
  const put = (text: string, font: PDFFont, size: number, color = COLORS.text) => {
    for (const line of wrapText(toWinAnsi(text), maxText, size, (t, s) => font.widthOfTextAtSize(t, s))) {
      page.drawText(line, { x: textX, y, size, font, color });
      y -= size + 3;
    }
  };
  put(ctx.input.officeName.toUpperCase(), ctx.bold, 11);
  put(ctx.input.title.toUpperCase(), ctx.bold, 10);
  if (ctx.input.subtitle) put(ctx.input.subtitle, ctx.font, 9, COLORS.muted);
  return Math.min(y + 3, blockBottom) - 10;
}

/** Draws the column header row at `top`; returns the y below it. */
function drawHeaderRow(page: PDFPage, ctx: Ctx, top: number): number {
  const height = Math.max(...ctx.headerLines.map((l) => l.length)) * LINE + PAD * 2;
  const totalWidth = ctx.widths.reduce((a, b) => a + b, 0);
  page.drawRectangle({ x: MARGIN, y: top - height, width: totalWidth, height, color: COLORS.headerBg });
  let x = MARGIN;
  ctx.headerLines.forEach((lines, c) => {
    drawCellLines(page, ctx, lines, x, top, c, ctx.bold, HEADER_SIZE, COLORS.headerText);
    x += ctx.widths[c];
  });
  return top - height;
}

function drawFooters(ctx: Ctx): void {
  const pages = ctx.doc.getPages();
  pages.forEach((page, i) => {
    const [w] = ctx.size;
    const y = MARGIN - 14;
    page.drawLine({ start: { x: MARGIN, y: MARGIN - 4 }, end: { x: w - MARGIN, y: MARGIN - 4 }, thickness: 0.5, color: COLORS.grid });
    const left = toWinAnsi(LABELS.pdfGenerated(ctx.input.generatedAt));
    const right = toWinAnsi(LABELS.pdfPage(i + 1, pages.length));
    page.drawText(left, { x: MARGIN, y, size: 7.5, font: ctx.font, color: COLORS.muted });
    page.drawText(right, { x: w - MARGIN - ctx.font.widthOfTextAtSize(right, 7.5), y, size: 7.5, font: ctx.font, color: COLORS.muted });
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
  const size: [number, number] = input.orientation === 'landscape' ? [A4[1], A4[0]] : [A4[0], A4[1]];
  const available = size[0] - MARGIN * 2;
  const measure = (t: string, s: number) => font.widthOfTextAtSize(t, s);
  const columns = input.columns.map((c) => ({ ...c, header: toWinAnsi(c.header) }));
  const texts = input.rows.map((row) => columns.map((_, c) => toWinAnsi(cellText(row[c]), true)));
  const widths = fitColumnWidths(columns, texts, { available, size: FONT_SIZE, padding: PAD, measure });
  const inner = (c: number) => Math.max(widths[c] - PAD * 2, 4);
  const ctx: Ctx = {
    doc,
    font,
    bold,
    logo,
    size,
    widths,
    aligns: columns.map((c) => c.align ?? 'left'),
    headerLines: columns.map((c, i) => wrapText(c.header, inner(i), HEADER_SIZE, (t, s) => bold.widthOfTextAtSize(t, s))),
    input,
  };
  const bottomLimit = MARGIN + FOOTER_H;
  const newPage = () => {
    const page = doc.addPage(size);
    const y = drawHeaderRow(page, ctx, drawPageHeader(page, ctx));
    return { page, y };
  };
  let { page, y } = newPage();
  const maxLines = Math.max(1, Math.floor((y - bottomLimit - PAD * 2) / LINE));
  const totalWidth = widths.reduce((a, b) => a + b, 0);

  if (texts.length === 0) {
    const msg = toWinAnsi(LABELS.noRecords);
    page.drawText(msg, { x: MARGIN + PAD, y: y - PAD - LINE + 2.5, size: FONT_SIZE, font, color: COLORS.muted });
  }
  texts.forEach((row, r) => {
    let cells = row.map((text, c) => wrapText(text, inner(c), FONT_SIZE, measure));
    // A row taller than a whole page is cut (never happens with list data, but must not loop).
    cells = cells.map((lines) => (lines.length > maxLines ? [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]}...`] : lines));
    const height = Math.max(...cells.map((l) => l.length)) * LINE + PAD * 2;
    if (y - height < bottomLimit) ({ page, y } = newPage());
    if (r % 2 === 1) page.drawRectangle({ x: MARGIN, y: y - height, width: totalWidth, height, color: COLORS.zebra });
    let x = MARGIN;
    cells.forEach((lines, c) => {
      drawCellLines(page, ctx, lines, x, y, c, font, FONT_SIZE);
      x += widths[c];
    });
    page.drawLine({
      start: { x: MARGIN, y: y - height },
      end: { x: MARGIN + totalWidth, y: y - height },
      thickness: 0.4,
      color: COLORS.grid,
    });
    y -= height;
  });
  drawFooters(ctx);
  return doc.save();
}
