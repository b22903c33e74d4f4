import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFArray, PDFRawStream, PDFDict, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { A4, buildTablePdf, type TablePdfInput } from '@shared/reports/pdf-table';
import { toWinAnsi } from '@shared/reports/win-ansi';

/** Text drawn on a page: the hex strings of its content stream decoded as WinAnsi (Latin-1 for these letters). */
function pageText(page: PDFPage): string {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  let out = '';
  for (const ref of refs) {
    const stream = page.doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const raw = new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
    for (const m of raw.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      const hex = m[1];
      for (let i = 0; i < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
      out += '\n';
    }
  }
  return out;
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A valid 4x4 RGB PNG. */
function tinyPng(): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array([...new TextEncoder().encode(type), ...data]);
    const len = new DataView(new ArrayBuffer(4));
    len.setUint32(0, data.length);
    const crc = new DataView(new ArrayBuffer(4));
    crc.setUint32(0, crc32(body));
    return [...new Uint8Array(len.buffer), ...body, ...new Uint8Array(crc.buffer)];
  };
  const ihdr = new DataView(new ArrayBuffer(13));
  ihdr.setUint32(0, 4);
  ihdr.setUint32(4, 4);
  ihdr.setUint8(8, 8);
  ihdr.setUint8(9, 2);
  const raw = new Uint8Array(4 * (1 + 4 * 3)).map((_, i) => (i % 13 === 0 ? 0 : 120));
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', new Uint8Array(ihdr.buffer)),
    ...chunk('IDAT', new Uint8Array(deflateSync(raw))),
    ...chunk('IEND', new Uint8Array()),
  ]);
}

const base: TablePdfInput = {
  officeName: 'Municipalidad Provincial de Huamanga',
  title: 'Listado de actividades',
  orientation: 'portrait',
  columns: [{ header: 'Descripción' }, { header: 'Estado', align: 'center' }, { header: 'Monto', align: 'right' }],
  rows: [],
  generatedAt: '2025-03-01 10:20:30',
};

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => [
    `Nivelación del camión ${i + 1} en Ñuñoa ¿Sí? ¡Pingüino!`,
    i % 2 ? 'ACTIVO' : 'INACTIVO',
    (i * 10.5).toFixed(2),
  ]);

describe('buildTablePdf', () => {
  it('produces a loadable A4 portrait PDF with the office, title, headers and footer', async () => {
    const bytes = await buildTablePdf({ ...base, rows: rows(5) });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(A4[0]);
    expect(height).toBeCloseTo(A4[1]);
    const text = pageText(doc.getPage(0));
    expect(text).toContain('MUNICIPALIDAD PROVINCIAL DE HUAMANGA');
    expect(text).toContain('LISTADO DE ACTIVIDADES');
    expect(text).toContain('Descripción');
    expect(text).toContain('Página 1 de 1');
    expect(text).toContain('Generado el 2025-03-01 10:20:30');
  });

  it('keeps Spanish letters and replaces what WinAnsi cannot encode', async () => {
    const bytes = await buildTablePdf({ ...base, rows: [['Camión ñandú Ñ ü ¿á é í ó ú? ¡Sí! → 中', 'ACTIVO', 1]] });
    const text = pageText((await PDFDocument.load(bytes)).getPage(0));
    expect(text).toContain('Camión ñandú Ñ ü ¿á é í ó ú? ¡Sí! -> ?');
    expect(toWinAnsi('Łódź “ok” €')).toBe('Lódz “ok” €');
  });

  it('changes in a text only what WinAnsi needs, whether or not the text takes the printable-as-is shortcut', () => {
    // Printable Latin-1 comes back whole; each of these characters needs a change and leaves the shortcut.
    expect(toWinAnsi('Filtro diésel 1/2" ¿Sí? ñ ©')).toBe('Filtro diésel 1/2" ¿Sí? ñ ©');
    expect(toWinAnsi('a\u00a0b')).toBe('a b');
    expect(toWinAnsi('re\u00adcibo')).toBe('recibo');
    expect(toWinAnsi('uno\tdos\ntres\r')).toBe('uno dos tres ');
    expect(toWinAnsi('uno\ndos\r\n', true)).toBe('uno\ndos\n');
    expect(toWinAnsi('Cami\u006f\u0301n')).toBe('Camión');
    expect(toWinAnsi('Erdős ≤ 3')).toBe('Erdos <= 3');
  });

  it('adds pages as rows grow and repeats the header row and footer on each', async () => {
    const small = await PDFDocument.load(await buildTablePdf({ ...base, rows: rows(10) }));
    const big = await PDFDocument.load(await buildTablePdf({ ...base, rows: rows(300) }));
    expect(small.getPageCount()).toBe(1);
    expect(big.getPageCount()).toBeGreaterThan(3);
    const n = big.getPageCount();
    big.getPages().forEach((page, i) => {
      const text = pageText(page);
      expect(text).toContain('Descripción');
      expect(text).toContain(`Página ${i + 1} de ${n}`);
    });
    // Every row is printed once.
    const all = big.getPages().map(pageText).join('\n');
    expect(all).toContain('camión 300 en');
    expect(all.match(/Nivelación del/g)).toHaveLength(300);
  });

  it('wraps long cell text instead of cutting it', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `palabra${i}`).join(' ');
    const text = pageText((await PDFDocument.load(await buildTablePdf({ ...base, rows: [[long, 'ACTIVO', 1]] }))).getPage(0));
    expect(text).toContain('palabra0');
    expect(text).toContain('palabra59');
    const lines = text.split('\n').filter((l) => l.includes('palabra'));
    expect(lines.length).toBeGreaterThan(2);
  });

  it('landscape swaps the A4 dimensions', async () => {
    const doc = await PDFDocument.load(await buildTablePdf({ ...base, orientation: 'landscape', rows: rows(3) }));
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeCloseTo(A4[1]);
    expect(height).toBeCloseTo(A4[0]);
  });

  it('draws the logo when given and ignores unreadable bytes', async () => {
    const withLogo = await PDFDocument.load(await buildTablePdf({ ...base, rows: rows(2), logoPng: tinyPng() }));
    const resources = withLogo.getPage(0).node.Resources();
    const xobjects = resources?.lookup(PDFName.of('XObject'));
    expect(xobjects instanceof PDFDict && xobjects.keys().length).toBe(1);
    const broken = await buildTablePdf({ ...base, rows: rows(2), logoPng: new Uint8Array([1, 2, 3]) });
    expect((await PDFDocument.load(broken)).getPageCount()).toBe(1);
  });

  it('prints the empty text when there are no rows', async () => {
    const text = pageText((await PDFDocument.load(await buildTablePdf(base))).getPage(0));
    expect(text).toContain('No hay registros');
  });
});
