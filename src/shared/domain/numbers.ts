// Numbers for people, the es-PE way (Intl 'es-PE' in Node and Chromium: '12,345.67', comma thousands, decimal point):
// one family for screens and PDFs, and the Excel number format that shows a column's figures the same way.

/**
 * How a column's or a value's numbers print: `amount` money and quantities (2 decimals), `unitCost` a unit cost
 * (2 to 4 decimals), `measure` hours, km and percentages (up to 2 decimals), `integer` whole counts.
 */
export type NumberFormat = 'amount' | 'unitCost' | 'measure' | 'integer';

const OPTIONS: Record<NumberFormat, Intl.NumberFormatOptions> = {
  amount: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  unitCost: { minimumFractionDigits: 2, maximumFractionDigits: 4 },
  measure: { maximumFractionDigits: 2 },
  integer: { maximumFractionDigits: 0 },
};

// Each made on first use: an Intl formatter loads locale data when built, which importing this module (the login
// screen does, through its date field) should not cost.
const FORMATTERS: Partial<Record<NumberFormat, Intl.NumberFormat>> = {};

/** `n` as printed (grouping and decimals of its kind); '' for null, undefined, '' and what is not a finite number. */
export function formatNumber(n: number | string | null | undefined, kind: NumberFormat): string {
  if (n === null || n === undefined || n === '') return '';
  const v = typeof n === 'number' ? n : Number(n);
  return Number.isFinite(v) ? (FORMATTERS[kind] ??= new Intl.NumberFormat('es-PE', OPTIONS[kind])).format(v) : '';
}

/** Excel number formats showing the same figures: built-in 4 = '#,##0.00', 3 = '#,##0'; 164 = '#,##0.00##' (xlsx-write.ts). */
export const XLSX_NUMBER_FORMAT: Record<NumberFormat, number> = { amount: 4, unitCost: 164, measure: 4, integer: 3 };
