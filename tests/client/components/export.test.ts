import { afterEach, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { buildSheetModel, safeSheetName } from '@shared/reports/xlsx-sheet';
import { safeFileName } from '@shared/reports/types';
import { buildXlsx, exportXlsx } from '@client/lib/export';
import { getOfficeSettings, resetOfficeSettingsCache, DEFAULT_OFFICE_SETTINGS } from '@client/lib/settings';

describe('xlsx export', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shapes title, header and rows with widths and merges', () => {
    const m = buildSheetModel({
      title: 'LISTADO DE ACTIVIDADES',
      columns: [{ header: 'Descripción' }, { header: 'Monto' }],
      rows: [
        ['Camión', 12.5],
        [null, undefined],
      ],
    });
    expect(m.aoa).toEqual([['LISTADO DE ACTIVIDADES'], [], ['Descripción', 'Monto'], ['Camión', 12.5], [null, null]]);
    expect(m.headerRow).toBe(2);
    expect(m.merges).toEqual([{ s: { r: 0, c: 0 }, e: { r: 0, c: 1 } }]);
    expect(m.cols[0].wch).toBeGreaterThanOrEqual('Descripción'.length);
  });

  it('writes a workbook whose cells read back with accents and numbers', async () => {
    const bytes = await buildXlsx({
      fileName: 'x',
      title: 'LISTADO',
      sheetName: 'Actividades',
      columns: [{ header: 'Descripción' }, { header: 'Monto' }],
      rows: [['Nivelación', 10.25]],
    });
    expect(bytes[0]).toBe(0x50);
    expect(bytes[1]).toBe(0x4b);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Actividades']);
    const sheet = book.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('LISTADO');
    expect(sheet.getCell('A3').value).toBe('Descripción');
    expect(sheet.getCell('A4').value).toBe('Nivelación');
    expect(sheet.getCell('B4').value).toBe(10.25);
    // Title merged over the table, header bold, a filter on header and data, widths from the texts.
    expect(sheet.model.merges).toEqual(['A1:B1']);
    expect(sheet.getCell('A3').font?.bold).toBe(true);
    expect(sheet.autoFilter).toBe('A3:B4');
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('Descripción'.length);
  });

  it('downloads through an <a download> with a safe name', async () => {
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('salidas enero.xlsx');
    });
    await exportXlsx({ fileName: 'salidas/enero', title: 'T', columns: [{ header: 'A' }], rows: [] });
    expect(created).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('cleans sheet and file names', () => {
    expect(safeSheetName('a/b:c*d?e[f]g\\h more than thirty-one characters')).toHaveLength(31);
    expect(safeSheetName('')).toBe('Hoja1');
    expect(safeSheetName("'Hoja\u0001 de Juan'")).toBe('Hoja  de Juan');
    expect(safeFileName('  ', 'pdf')).toBe('reporte.pdf');
    expect(safeFileName('Reporte.PDF', 'pdf')).toBe('Reporte.PDF');
  });
});

describe('office settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetOfficeSettingsCache();
  });

  it('fetches /api/ajustes once and caches it', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ officeName: 'Municipalidad Provincial de Huamanga', cityLabel: 'Ayacucho', shortName: 'SGMEM' }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const a = await getOfficeSettings();
    const b = await getOfficeSettings();
    expect(a).toEqual({ officeName: 'Municipalidad Provincial de Huamanga', cityLabel: 'Ayacucho', shortName: 'SGMEM' });
    expect(b).toBe(a);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/api/ajustes');
  });

  it('falls back to the defaults when the server cannot answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(await getOfficeSettings()).toEqual(DEFAULT_OFFICE_SETTINGS);
  });

  it("keeps the server's last answer on the device for an offline start", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ officeName: 'Subgerencia X', cityLabel: 'Ayacucho', shortName: 'Muni Y' }))),
    );
    const online = await getOfficeSettings();
    // A new page load without connection: a fresh module (nothing in memory), the device copy answers.
    vi.resetModules();
    const fresh = await import('@client/lib/settings');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect(fresh.peekOfficeSettings()).toEqual(online);
    expect(await fresh.getOfficeSettings()).toEqual(online);
  });
});
