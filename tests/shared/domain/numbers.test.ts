// The es-PE number family (src/shared/domain/numbers.ts) the screens and the PDFs print, and a PDF cell's text by
// its column's format (src/shared/reports/types.ts cellText).
import { describe, expect, it } from 'vitest';
import { formatNumber } from '@shared/domain/numbers';
import { cellText } from '@shared/reports/types';

describe('numbers es-PE', () => {
  it('groups thousands with a comma and uses the decimal point, by kind', () => {
    expect(formatNumber(12345.678, 'amount')).toBe('12,345.68');
    expect(formatNumber('1234.5', 'amount')).toBe('1,234.50');
    expect(formatNumber(3.33335, 'unitCost')).toBe('3.3334');
    expect(formatNumber(3, 'unitCost')).toBe('3.00');
    expect(formatNumber(4392.5, 'measure')).toBe('4,392.5');
    expect(formatNumber(120, 'measure')).toBe('120');
    expect(formatNumber(1234567, 'integer')).toBe('1,234,567');
    expect(formatNumber(-1, 'amount')).toBe('-1.00');
  });

  it('prints nothing for what is not a number', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) expect(formatNumber(v, 'amount')).toBe('');
  });

  it("prints a PDF cell's number in its column's format, and as written without one (a year)", () => {
    expect(cellText(12345.5, 'amount')).toBe('12,345.50');
    expect(cellText(2015)).toBe('2015');
    expect(cellText('EGR-405', 'amount')).toBe('EGR-405');
    expect(cellText(null, 'amount')).toBe('');
  });
});
