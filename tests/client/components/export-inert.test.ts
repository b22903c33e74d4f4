// Texts a user typed (an activity, a failure description) can hold markup or spreadsheet formulas; in the
// Excel and PDF exports they must stay plain text: no formula a spreadsheet would run (=HYPERLINK, +cmd,
// -1+1, @SUM — the CSV/formula injection), no link, script or action in the PDF.
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
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
    const book = XLSX.read(bytes, { type: 'array', cellFormula: true });
    const sheet = book.Sheets.Hoja;
    const cells = Object.entries(sheet).filter(([ref]) => !ref.startsWith('!')) as [string, XLSX.CellObject][];
    expect(cells.length).toBeGreaterThan(HOSTILE.length * 2);
    for (const [ref, cell] of cells) expect(cell.f, `${ref} has no formula`).toBeUndefined();
    HOSTILE.forEach((text, i) => {
      const cell = sheet[XLSX.utils.encode_cell({ r: 4 + i, c: 1 })] as XLSX.CellObject;
      expect(cell.t).toBe('s');
      expect(cell.v).toBe(text);
    });
    expect((sheet.A1 as XLSX.CellObject).v).toBe('=HYPERLINK("http://x")');
    // The raw sheet XML holds no <f> element at all (what Excel would evaluate on opening).
    const raw = XLSX.read(bytes, { type: 'array', bookFiles: true }) as unknown as { files: Record<string, { content: Uint8Array }> };
    const xml = Object.entries(raw.files)
      .filter(([name]) => name.startsWith('xl/worksheets/'))
      .map(([, f]) => new TextDecoder().decode(f.content))
      .join('');
    expect(xml.length).toBeGreaterThan(0);
    expect(xml).not.toMatch(/<f[\s>]/);
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
