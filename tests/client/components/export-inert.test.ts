// Texts a user typed (an activity, a failure description) can hold markup or spreadsheet formulas; in the
// Excel and PDF exports they must stay plain text: no formula a spreadsheet would run (=HYPERLINK, +cmd,
// -1+1, @SUM — the CSV/formula injection), no link, script or action in the PDF.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { buildDocumentPdf } from '@shared/reports/pdf-document';
import { buildTablePdf } from '@shared/reports/pdf-table';
import { buildXlsx } from '@client/lib/export';

const HOSTILE = [
  '=HYPERLINK("http://x","clic")',
  '=1+1',
  "+cmd|' /C calc'!A0",
  '-1+1',
  '@SUM(1)',
  '\t=1+2',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
];

describe('exports keep hostile texts inert', () => {
  it('writes every formula-looking text of the Excel export as a text cell, never as a formula', async () => {
    const bytes = await buildXlsx({
      fileName: 'x',
      title: '=HYPERLINK("http://x")',
      subtitle: '+cmd',
      sheetName: 'Hoja',
      columns: [{ header: '@SUM(1)' }, { header: 'Texto' }],
      rows: HOSTILE.map((text, i) => [i, text]),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Hoja')!;
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    expect(cells.length).toBeGreaterThan(HOSTILE.length * 2);
    for (const cell of cells) expect(cell.formula, `${cell.address} has no formula`).toBeUndefined();
    HOSTILE.forEach((text, i) => {
      const cell = sheet.getCell(5 + i, 2);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(text);
    });
    expect(sheet.getCell('A1').value).toBe('=HYPERLINK("http://x")');
    // The raw sheet XML holds no <f> element at all (what Excel would evaluate on opening), and every
    // formula-looking text carries the quote prefix (style 2 or 3), so editing the cell keeps it text.
    const zip = await JSZip.loadAsync(bytes);
    const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml.length).toBeGreaterThan(0);
    expect(xml).not.toMatch(/<f[\s>]/);
    for (const ref of ['A1', 'A2', 'A4', 'B5', 'B6', 'B7', 'B8', 'B9', 'B10'])
      expect(xml, ref).toMatch(new RegExp(`<c r="${ref}" s="[23]" t="s">`));
  });

  // The server's PDFs (a valuation, a machine's wear and maintenance) are written by buildDocumentPdf, with texts
  // users typed in every kind of section; a text shaped like PDF syntax must not open an object of its own either.
  it("prints them in the server's document PDFs as text, with no link, script or action", async () => {
    const breakout = ') Tj ET /URI (http://x) /S /JavaScript /JS (app.alert(1)) >> endobj';
    const texts = [...HOSTILE, breakout];
    const bytes = await buildDocumentPdf({
      officeName: '<b>Oficina</b>',
      title: '=HYPERLINK("http://x")',
      orientation: 'portrait',
      generatedAt: '01/05/2024 10:00',
      sections: [
        { kind: 'heading', text: breakout },
        { kind: 'fields', items: texts.map((t, i) => ({ label: `@SUM(${i})`, value: t })) },
        { kind: 'table', columns: [{ header: '+cmd' }, { header: 'Texto' }], rows: texts.map((t, i) => [i, t]) },
        { kind: 'totals', items: [{ label: '=1+1', value: breakout, note: '<script>alert(1)</script>' }] },
        { kind: 'text', label: '-1+1', text: texts.join(' ') },
        {
          kind: 'bars',
          headers: ['=A1', '+B1', '-C1', '@D1'],
          items: [{ label: breakout, percent: 50, level: 'danger', value: '=1', note: '+1' }],
        },
      ],
    });
    const pdf = new TextDecoder('latin1').decode(bytes);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    for (const marker of ['/JavaScript', '/JS', '/URI', '/Launch', '/OpenAction', '/AA', '/Annots', '/SubmitForm'])
      expect(pdf, marker).not.toContain(marker);
  });

  it('prints them in the PDF as text, with no link, script or action', async () => {
    const bytes = await buildTablePdf({
      officeName: '<b>Oficina</b>',
      title: '=HYPERLINK("http://x")',
      subtitle: '<script>alert(1)</script>',
      orientation: 'portrait',
      columns: [{ header: '@SUM(1)' }, { header: 'Texto' }],
      rows: HOSTILE.map((text, i) => [i, text]),
      generatedAt: '01/05/2024 10:00',
    });
    const pdf = new TextDecoder('latin1').decode(bytes);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    for (const marker of ['/JavaScript', '/JS', '/URI', '/Launch', '/OpenAction', '/AA', '/Annots', '/SubmitForm'])
      expect(pdf, marker).not.toContain(marker);
  });
});
