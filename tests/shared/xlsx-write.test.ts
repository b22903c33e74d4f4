// Our .xlsx writer (src/shared/reports/xlsx-write.ts): the file is unzipped and its XML read raw (escaping,
// shared strings, no formulas), and the same bytes are opened with an independent reader (exceljs, which parses
// the XML strictly) for cells, numbers, merges, widths and the autofilter.
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { cellRef, columnName, writeXlsx, type XlsxSheet } from '@shared/reports/xlsx-write';

async function unzip(bytes: Uint8Array): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(bytes);
  const out: Record<string, string> = {};
  for (const name of Object.keys(zip.files)) out[name] = await zip.files[name].async('string');
  return out;
}

async function open(bytes: Uint8Array) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** The raw <c> element of a cell in sheet1.xml. */
function rawCell(sheetXml: string, ref: string): string {
  const m = new RegExp(`<c r="${ref}"[^>]*>.*?</c>`).exec(sheetXml);
  if (!m) throw new Error(`no cell ${ref}`);
  return m[0];
}

const SHEET: XlsxSheet = {
  name: 'Salidas & "A"',
  rows: [
    ['LISTADO DE SALIDAS'],
    [],
    ['Código', 'Descripción', 'Monto'],
    ['S-001', 'Aceite <15W40> & "filtro"', 12.5],
    ['S-002', null, -3],
    ['S-003', 'línea 1\r\nlínea 2', 1234567.891],
    ['S-004', undefined, Number.NaN],
  ],
  cols: [{ wch: 10 }, { wch: 40 }, { wch: 12 }],
  merges: [{ s: { r: 0, c: 0 }, e: { r: 0, c: 2 } }],
  autoFilter: { s: { r: 2, c: 0 }, e: { r: 6, c: 2 } },
  boldRows: [0, 2],
};

describe('xlsx writer', () => {
  it('names cells like a spreadsheet', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16383].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
    expect(cellRef(0, 0)).toBe('A1');
    expect(cellRef(9, 27)).toBe('AB10');
  });

  it('writes the minimal package: content types, relationships, workbook, sheet, styles, shared strings', async () => {
    const bytes = await writeXlsx(SHEET);
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]);
    const parts = await unzip(bytes);
    expect(Object.keys(parts).sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/sharedStrings.xml',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
      ].sort(),
    );
    for (const [name, xml] of Object.entries(parts)) expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"'), name).toBe(true);
    expect(parts['[Content_Types].xml']).toContain('PartName="/xl/worksheets/sheet1.xml"');
    expect(parts['xl/workbook.xml']).toContain('<sheet name="Salidas &amp; &quot;A&quot;" sheetId="1" r:id="rId1"/>');
    // Excel's hidden name for the filtered range, with the sheet name quoted.
    expect(parts['xl/workbook.xml']).toContain('>\'Salidas &amp; "A"\'!$A$3:$C$7</definedName>'.replace('"A"', '&quot;A&quot;'));
  });

  it('reads back in another reader: texts, numbers, empty cells, merges, widths, autofilter', async () => {
    const book = await open(await writeXlsx(SHEET));
    const ws = book.worksheets[0];
    expect(ws.name).toBe('Salidas & "A"');
    expect(ws.getCell('A1').value).toBe('LISTADO DE SALIDAS');
    expect(ws.getCell('B3').value).toBe('Descripción');
    expect(ws.getCell('B4').value).toBe('Aceite <15W40> & "filtro"');
    expect(ws.getCell('C4').value).toBe(12.5);
    expect(ws.getCell('C5').value).toBe(-3);
    expect(ws.getCell('C6').value).toBe(1234567.891);
    expect(ws.getCell('C6').type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getCell('B6').value).toBe('línea 1\nlínea 2');
    for (const ref of ['B5', 'B7', 'C7', 'A2']) expect(ws.getCell(ref).value, ref).toBeNull();
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getCell('A3').font?.bold).toBe(true);
    expect(ws.getCell('A4').font?.bold).toBeFalsy();
    expect(ws.model.merges).toEqual(['A1:C1']);
    expect([1, 2, 3].map((c) => ws.getColumn(c).width)).toEqual([10.71, 40.71, 12.71]);
    expect(ws.autoFilter).toBe('A3:C7');
  });

  it('escapes <&>" and drops the characters XML 1.0 forbids, keeping tabs, line breaks and emoji', async () => {
    const nasty = 'a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\uFFFEh\uD800i\tj\nk 🚜 <&>"\'';
    const parts = await unzip(await writeXlsx({ name: 'H', rows: [[nasty, ' espacios ']] }));
    const strings = parts['xl/sharedStrings.xml'];
    expect(strings).toContain("<t>abcdefghi\tj\nk 🚜 &lt;&amp;&gt;&quot;'</t>");
    expect(strings).toContain('<t xml:space="preserve"> espacios </t>');
    // eslint-disable-next-line no-control-regex -- none of the forbidden characters may be left
    expect(strings).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE]/);
    const ws = (await open(await writeXlsx({ name: 'H', rows: [[nasty]] }))).worksheets[0];
    expect(ws.getCell('A1').value).toBe('abcdefghi\tj\nk 🚜 <&>"\'');
  });

  it('keeps a literal _xHHHH_ literal and cuts texts to the 32,767 characters a cell holds', async () => {
    const long = 'x'.repeat(40000);
    const parts = await unzip(await writeXlsx({ name: 'H', rows: [['Ref_x0041_', long]] }));
    expect(parts['xl/sharedStrings.xml']).toContain('<t>Ref_x005F_x0041_</t>');
    expect(parts['xl/sharedStrings.xml']).toContain(`<t>${'x'.repeat(32767)}</t>`);
  });

  it('writes formula-looking texts as shared-string text with the quote prefix, never as formulas', async () => {
    const hostile = ['=HYPERLINK("http://x","clic")', '=1+1', "+cmd|' /C calc'!A0", '-1+1', '@SUM(1)', '\t=1+2', '＝1+1', 'normal'];
    const parts = await unzip(await writeXlsx({ name: 'H', rows: hostile.map((t) => [t]) }));
    const sheet = parts['xl/worksheets/sheet1.xml'];
    expect(sheet).not.toMatch(/<f[\s>]/);
    hostile.forEach((text, r) => {
      const cell = rawCell(sheet, `A${r + 1}`);
      expect(cell, text).toContain('t="s"');
      expect(cell, text).toMatch(text === 'normal' ? /^<c r="A\d+" t="s">/ : / s="2"/);
    });
    expect(parts['xl/styles.xml']).toMatch(/<xf [^>]*quotePrefix="1"/);
    const ws = (await open(await writeXlsx({ name: 'H', rows: hostile.map((t) => [t]) }))).worksheets[0];
    hostile.forEach((text, r) => {
      expect(ws.getCell(r + 1, 1).value).toBe(text);
      expect(ws.getCell(r + 1, 1).type).toBe(ExcelJS.ValueType.String);
    });
  });

  it('shares repeated texts once and writes an empty sheet', async () => {
    const parts = await unzip(
      await writeXlsx({
        name: 'H',
        rows: [
          ['a', 'b'],
          ['a', 'a'],
        ],
      }),
    );
    expect(parts['xl/sharedStrings.xml']).toContain('count="4" uniqueCount="2"');
    const empty = await unzip(await writeXlsx({ name: 'Vacía', rows: [] }));
    expect(empty['xl/worksheets/sheet1.xml']).toContain('<sheetData/>');
    expect((await open(await writeXlsx({ name: 'Vacía', rows: [] }))).worksheets[0].name).toBe('Vacía');
  });

  it('shows the numbers of a formatted column with their es-PE grouping and decimals, and they stay numbers', async () => {
    const sheet: XlsxSheet = {
      name: 'Números',
      rows: [
        ['Título'],
        ['Cantidad', 'Costo unitario', 'Horas', 'Partes', 'Año'],
        [12345.5, 3.33335, 4392.5, 1200, 2015],
        ['TOTAL', null, null, 1200, null],
      ],
      boldRows: [0, 1],
      numberFormats: { fromRow: 2, cols: ['amount', 'unitCost', 'measure', 'integer', undefined] },
    };
    const ws = (await open(await writeXlsx(sheet))).worksheets[0];
    expect(ws.getCell('A3').value).toBe(12345.5);
    expect(ws.getCell('A3').type).toBe(ExcelJS.ValueType.Number);
    expect(ws.getCell('A3').numFmt).toBe('#,##0.00');
    expect(ws.getCell('B3').numFmt).toBe('#,##0.00##');
    expect(ws.getCell('C3').numFmt).toBe('#,##0.00');
    expect(ws.getCell('D3').numFmt).toBe('#,##0');
    expect(ws.getCell('D4').numFmt).toBe('#,##0');
    // A column without a format (a year) stays General: no '2,015'.
    expect(ws.getCell('E3').numFmt ?? 'General').toBe('General');
    // Texts of a formatted column and the header row keep their own styles.
    expect(ws.getCell('A4').value).toBe('TOTAL');
    expect(ws.getCell('A2').font?.bold).toBe(true);
  });
});
