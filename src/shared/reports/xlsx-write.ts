// A small Office Open XML (.xlsx) writer for one worksheet of texts and numbers, with column widths, merged
// cells and an autofilter: all the list exports need. It replaced SheetJS (`xlsx` on npm), whose last npm
// release carries high advisories; the parts are plain strings zipped with JSZip. Runs in the export worker,
// on the main thread and in Node.
//
// Safety: every text goes out as a shared string (t="s"), never as a formula (<f>), and texts a spreadsheet
// would take for a formula on editing (= + - @ …) also get the quote-prefix style, like a typed apostrophe.
// Texts are XML-escaped, stripped of characters XML 1.0 forbids, and cut to Excel's 32,767 characters.
import JSZip from 'jszip';
import { XLSX_NUMBER_FORMAT, type NumberFormat } from '../domain/numbers';

export interface XlsxRange {
  s: { r: number; c: number };
  e: { r: number; c: number };
}

export interface XlsxSheet {
  name: string;
  /** Rows of cells (0-based); null, undefined and non-finite numbers leave the cell empty. */
  rows: (string | number | null | undefined)[][];
  /** Column widths in characters. */
  cols?: { wch: number }[];
  merges?: XlsxRange[];
  autoFilter?: XlsxRange;
  /** 0-based rows written in bold (title, header). */
  boldRows?: number[];
  /** Number formats by column for the numbers of rows from `fromRow` on (the data under the header). */
  numberFormats?: { fromRow: number; cols: (NumberFormat | undefined)[] };
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_R = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAX_CELL_TEXT = 32767;

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(c: number): string {
  let name = '';
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function cellRef(r: number, c: number): string {
  return `${columnName(c)}${r + 1}`;
}

function rangeRef(range: XlsxRange): string {
  return `${cellRef(range.s.r, range.s.c)}:${cellRef(range.e.r, range.e.c)}`;
}

// Characters XML 1.0 does not allow (C0 controls but tab/LF/CR, U+FFFE/U+FFFF, unpaired surrogates).
const INVALID_XML =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text safe inside an XML element or a double-quoted attribute. */
export function xmlText(value: string): string {
  return value.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A cell's text as Excel stores it: valid XML characters, line breaks as LF, a literal "_x0041_" kept literal. */
function cellString(value: string): string {
  let text = value.replace(INVALID_XML, '').replace(/\r\n?/g, '\n');
  if (text.length > MAX_CELL_TEXT) {
    text = text.slice(0, MAX_CELL_TEXT);
    if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  }
  // Excel reads _xHHHH_ as an escaped character; its own escape for the underscore keeps the text as typed.
  return text.replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1');
}

// What Excel (or LibreOffice) would start a formula with when the cell is edited and confirmed.
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

// Style indexes of styles.xml's cellXfs: 1 = bold, 2 = quote prefix (plain text even on editing); numbers shown
// with grouping: 4 = '#,##0.00' (built-in format 4), 5 = '#,##0' (built-in format 3), 6 = '#,##0.00##' (164, ours).
const BOLD = 1;
const QUOTED = 2;
const NUMBER_STYLE: Record<number, number> = { 4: 4, 3: 5, 164: 6 };

const STYLES = `${XML_HEAD}<styleSheet xmlns="${NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.00##"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" quotePrefix="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="3" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CONTENT_TYPES = `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${CT}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CT}.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="${CT}.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${CT}.sharedStrings+xml"/></Types>`;

const ROOT_RELS = `${XML_HEAD}<Relationships xmlns="${NS_PKG_R}"><Relationship Id="rId1" Type="${NS_R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `${XML_HEAD}<Relationships xmlns="${NS_PKG_R}"><Relationship Id="rId1" Type="${NS_R}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${NS_R}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${NS_R}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;

/** Excel's column width (in widths of '0' plus padding) for a width in characters, as SheetJS computed it. */
function columnWidth(wch: number): number {
  return Math.round((wch + 5 / 7) * 100) / 100;
}

function workbookXml(sheet: XlsxSheet): string {
  const name = xmlText(sheet.name);
  let names = '';
  if (sheet.autoFilter) {
    const { s, e } = sheet.autoFilter;
    const quoted = `'${sheet.name.replace(/'/g, "''")}'`;
    const ref = `${quoted}!$${columnName(s.c)}$${s.r + 1}:$${columnName(e.c)}$${e.r + 1}`;
    names = `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${xmlText(ref)}</definedName></definedNames>`;
  }
  return `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${NS_R}"><bookViews><workbookView/></bookViews><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets>${names}</workbook>`;
}

function sheetParts(sheet: XlsxSheet): { sheetXml: string; stringsXml: string } {
  const strings = new Map<string, number>();
  let stringCount = 0;
  const bold = new Set(sheet.boldRows ?? []);
  const rowsXml: string[] = [];
  let lastRow = 0;
  let lastCol = 0;
  sheet.rows.forEach((row, r) => {
    const cells: string[] = [];
    row.forEach((value, c) => {
      let style = bold.has(r) ? BOLD : 0;
      let body: string;
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) return;
        const kind = sheet.numberFormats && r >= sheet.numberFormats.fromRow ? sheet.numberFormats.cols[c] : undefined;
        if (kind && !bold.has(r)) style = NUMBER_STYLE[XLSX_NUMBER_FORMAT[kind]];
        body = `><v>${Object.is(value, -0) ? 0 : value}</v>`;
      } else if (typeof value === 'string') {
        const text = cellString(value);
        let index = strings.get(text);
        if (index === undefined) {
          index = strings.size;
          strings.set(text, index);
        }
        stringCount++;
        if (FORMULA_START.test(text)) style |= QUOTED;
        body = ` t="s"><v>${index}</v>`;
      } else return;
      cells.push(`<c r="${cellRef(r, c)}"${style ? ` s="${style}"` : ''}${body}</c>`);
      lastCol = Math.max(lastCol, c);
    });
    if (cells.length === 0) return;
    lastRow = r;
    rowsXml.push(`<row r="${r + 1}">${cells.join('')}</row>`);
  });

  const cols = (sheet.cols ?? [])
    .map((col, c) => `<col min="${c + 1}" max="${c + 1}" width="${columnWidth(col.wch)}" customWidth="1"/>`)
    .join('');
  const merges = sheet.merges ?? [];
  const sheetXml =
    `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${NS_R}">` +
    `<dimension ref="${rowsXml.length ? rangeRef({ s: { r: 0, c: 0 }, e: { r: lastRow, c: lastCol } }) : 'A1'}"/>` +
    (cols ? `<cols>${cols}</cols>` : '') +
    (rowsXml.length ? `<sheetData>${rowsXml.join('')}</sheetData>` : '<sheetData/>') +
    (sheet.autoFilter ? `<autoFilter ref="${rangeRef(sheet.autoFilter)}"/>` : '') +
    (merges.length
      ? `<mergeCells count="${merges.length}">${merges.map((m) => `<mergeCell ref="${rangeRef(m)}"/>`).join('')}</mergeCells>`
      : '') +
    '</worksheet>';

  const items: string[] = [];
  for (const text of strings.keys()) {
    const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
    items.push(`<si><t${space}>${xmlText(text)}</t></si>`);
  }
  const stringsXml = `${XML_HEAD}<sst xmlns="${NS}" count="${stringCount}" uniqueCount="${strings.size}">${items.join('')}</sst>`;
  return { sheetXml, stringsXml };
}

/** The workbook's parts by path inside the zip (exported for tests). */
export function xlsxParts(sheet: XlsxSheet): Record<string, string> {
  const { sheetXml, stringsXml } = sheetParts(sheet);
  return {
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': ROOT_RELS,
    'xl/workbook.xml': workbookXml(sheet),
    'xl/_rels/workbook.xml.rels': WORKBOOK_RELS,
    'xl/worksheets/sheet1.xml': sheetXml,
    'xl/styles.xml': STYLES,
    'xl/sharedStrings.xml': stringsXml,
  };
}

/** Bytes of an .xlsx file holding `sheet`; `onZip` reports the compression's progress (0..1). */
export async function writeXlsx(sheet: XlsxSheet, onZip?: (done: number) => void): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [path, xml] of Object.entries(xlsxParts(sheet))) zip.file(path, xml, { createFolders: false });
  return zip.generateAsync(
    { type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 }, mimeType: `${CT}.sheet` },
    onZip && ((meta) => onZip(meta.percent / 100)),
  );
}
