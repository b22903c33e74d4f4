// Excel and PDF exports of LISTADO DE ACTIVIDADES: the .xlsx (read with exceljs) holds exactly the rows the
// table shows, and the A4 PDF (read with pdf-lib) spreads the same rows over as many pages as they need.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readFile } from 'node:fs/promises';
import type { Browser, Download, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';
import { LABELS } from '@shared/messages';
import { EXPORT_WORKER_FAILED } from '../../src/client/lib/export-build';
import { MENU, ROLE } from '@shared/auth/permissions';
import { api, apiLogin, ensureUser, USER_PASSWORD } from './api';
import { launch, loginAs, newContext, shot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const L = LABELS.actividades;
const ROWS = 45;

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  return { name: (file as Download).suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** The strings a page draws (pdf-lib writes `<hex> Tj`), decoded from WinAnsi. */
function pageTexts(page: PDFPage): string[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => page.doc.context.lookup(r)) : [contents];
  const out: string[] = [];
  for (const s of streams) {
    if (!(s instanceof PDFRawStream)) continue;
    const ops = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
    for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1], 'hex').toString('latin1'));
  }
  return out;
}

test('Excel and PDF exports hold the rows the table shows; many rows make a multi-page A4 PDF', async () => {
  const user = await ensureUser('e2e.shell.export', [MENU.administrativo, MENU.actividades]);
  const token = await apiLogin(user, USER_PASSWORD);
  // Activities are created with a writer's token (the export user only reads).
  const writer = await ensureUser('e2e.shell.export.writer', [MENU.administrativo, MENU.actividades, ROLE.actividadNuevo]);
  const writerToken = await apiLogin(writer, USER_PASSWORD);
  const prefix = `E2E EXP ${Date.now()}`;
  for (let i = 1; i <= ROWS; i++) {
    await api(writerToken, 'POST', '/api/actividades', {
      activ_nombre: `${prefix} ${String(i).padStart(3, '0')}`,
      activ_estado: i % 5 === 0 ? 0 : 1,
      editorMode: 'crear',
    });
  }
  const serverRows = (await api<{ activ_nombre: string }[]>(token, 'GET', '/api/actividades')).data;
  expect(serverRows.filter((r) => r.activ_nombre.startsWith(prefix))).toHaveLength(ROWS);

  const page = await (await newContext(browser)).newPage();
  page.setDefaultTimeout(15_000);
  // Both files must be built in the export worker, not on the screen's thread.
  const workers: string[] = [];
  const fallbacks: string[] = [];
  page.on('worker', (w) => workers.push(w.url()));
  page.on('console', (m) => {
    if (m.text().includes(EXPORT_WORKER_FAILED)) fallbacks.push(m.text());
  });
  await loginAs(page, user, USER_PASSWORD);
  await page.getByRole('button', { name: LABELS.menu.administrativo }).click();
  await page.getByRole('link', { name: LABELS.menu.actividades }).click();
  const table = page.getByRole('table', { name: L.title });
  await table.locator('tbody tr').first().waitFor();
  await page.getByRole('searchbox').fill(prefix);
  await page.getByLabel(LABELS.show, { exact: true }).selectOption({ label: LABELS.showAll });
  await page
    .getByTestId('table-info')
    .getByText(LABELS.tableInfo(1, ROWS, ROWS))
    .waitFor();
  const shown = (await table.locator('tbody tr td:first-child').allTextContents()).map((t) => t.trim());
  expect(shown).toHaveLength(ROWS);
  await shot(page, 'shell-exports-list');

  // Excel: title, blank row, header row, then the shown rows in the shown order.
  const xlsx = await download(page, LABELS.exportExcel);
  expect(xlsx.name).toBe(`${L.fileName}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet.getCell('A1').value).toBe(L.title);
  expect([sheet.getCell('A3').value, sheet.getCell('B3').value]).toEqual([L.description, L.state]);
  const data: string[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 3) data.push([String(row.getCell(1).value), String(row.getCell(2).value)]);
  });
  expect(data.map((r) => r[0])).toEqual(shown);
  expect(data.filter((r) => r[1] === LABELS.activeState[0])).toHaveLength(ROWS / 5);
  expect(data.filter((r) => r[1] === LABELS.activeState[1])).toHaveLength(ROWS - ROWS / 5);

  // PDF: A4 portrait, every shown row exactly once, pages filled in order, 'Página i de n' footers.
  const pdfFile = await download(page, LABELS.exportPdf);
  expect(pdfFile.name).toBe(`${L.fileName}.pdf`);
  const pdf = await PDFDocument.load(pdfFile.bytes);
  const pages = pdf.getPages();
  expect(pages.length).toBeGreaterThan(1);
  const perPage: number[] = [];
  const printed: string[] = [];
  pages.forEach((p, i) => {
    const { width, height } = p.getSize();
    expect(Math.round(width)).toBe(595);
    expect(Math.round(height)).toBe(842);
    const texts = pageTexts(p);
    expect(texts).toContain(L.title);
    expect(texts).toContain(LABELS.pdfPage(i + 1, pages.length));
    const rows = texts.filter((t) => t.startsWith(prefix));
    perPage.push(rows.length);
    printed.push(...rows);
  });
  expect(printed).toEqual(shown);
  // No page is left short except the last, and the last is not empty: the page count is the minimum needed.
  expect(perPage.slice(0, -1).every((n) => n === perPage[0])).toBe(true);
  expect(perPage[perPage.length - 1]).toBeGreaterThan(0);
  expect(pages.length).toBe(Math.ceil(ROWS / perPage[0]));
  expect(fallbacks).toEqual([]);
  expect(workers.length).toBeGreaterThanOrEqual(2);
  await page.context().close();
});
