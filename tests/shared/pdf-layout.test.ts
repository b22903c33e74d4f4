// Column widths of the list PDFs: short values (dates, vouchers, plates, numbers) are never split across lines, long
// texts wrap instead (before: "2026-11-2 / 1", "00123 / 4", "EGR-40 / 5" before).
import { describe, expect, it } from 'vitest';
import { fitColumnWidths, wrapText } from '@shared/reports/pdf-layout';

// A monospaced measure: 5 points per character at any size keeps the arithmetic readable.
const measure = (t: string) => t.length * 5;
const opts = { available: 500, size: 8, padding: 3, measure };

const exitColumns = [
  { header: 'Fecha' },
  { header: 'Nro Vale' },
  { header: 'Placa' },
  { header: 'Maquinaria' },
  { header: 'Operador' },
  { header: 'Insumos' },
];
const exitRow = [
  '2026-11-21',
  '0012345',
  'EGR-405',
  'RETROEXCAVADORA CATERPILLAR 420F INTERNATIONAL',
  'QUISPE HUAMAN, JUAN CARLOS (DNI 45879612)',
  'FILTRO DE ACEITE DE MOTOR x 2; ACEITE HIDRAULICO 68 x 5 GLN; GRASA MULTIPROPOSITO x 1',
];

describe('fitColumnWidths', () => {
  it('fills the page with the natural widths when everything fits', () => {
    const widths = fitColumnWidths([{ header: 'A' }, { header: 'B' }], [['uno', 'dos tres']], opts);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(500);
    expect(widths[1]).toBeGreaterThan(widths[0]);
  });

  it('never splits a date, a voucher, a plate or a word of a long text when the page is too narrow', () => {
    const widths = fitColumnWidths(exitColumns, [exitRow], opts);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(500);
    exitRow.forEach((text, c) => {
      const inner = widths[c] - opts.padding * 2;
      for (const line of wrapText(text, inner, 8, measure)) {
        // Each line is made of whole words of the cell.
        for (const word of line.split(' ')) expect(text.split(' ')).toContain(word);
      }
    });
    const lines = (c: number) => wrapText(exitRow[c], widths[c] - opts.padding * 2, 8, measure);
    expect(lines(0)).toEqual(['2026-11-21']);
    expect(lines(1)).toEqual(['0012345']);
    expect(lines(2)).toEqual(['EGR-405']);
    // The long texts wrap.
    expect(lines(5).length).toBeGreaterThan(1);
  });

  it('keeps the header words whole too (measured with the header font)', () => {
    const bold = (t: string) => t.length * 6;
    const widths = fitColumnWidths(exitColumns, [exitRow], { ...opts, measureHeader: bold });
    expect(widths[3] - opts.padding * 2).toBeGreaterThanOrEqual(bold('Maquinaria'));
  });

  it('gives a short column its floor even when it asks for a narrower preferred width', () => {
    const widths = fitColumnWidths([{ header: 'Fecha', width: 10 }, { header: 'Texto' }], [['2026-11-21', 'x '.repeat(200)]], opts);
    expect(widths[0]).toBeGreaterThanOrEqual(measure('2026-11-21') + 6);
  });

  it('measures a cell or header with line breaks by its widest line (a font cannot measure a line break)', () => {
    const strict = (t: string) => {
      if (t.includes('\n')) throw new Error('WinAnsi cannot encode a line break');
      return t.length * 5;
    };
    const widths = fitColumnWidths([{ header: 'Firma\ndel técnico' }, { header: 'Nota' }], [['a', 'uno\ndos tres']], {
      ...opts,
      measure: strict,
    });
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(500);
  });

  it('shrinks the floors together only when they alone overflow the page', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ header: `C${i}` }));
    const row = many.map(() => 'ABCDEFGHIJKL');
    const widths = fitColumnWidths(many, [row], opts);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(500);
    widths.forEach((w) => expect(w).toBeCloseTo(500 / 12));
  });
});
