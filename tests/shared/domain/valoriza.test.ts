import { describe, expect, it } from 'vitest';
import { lineTotal, lineTotalCents, valorizaTotals } from '@shared/domain/valoriza';

describe('lineTotal (cantid × preuni to the cent)', () => {
  it('multiplies in cents: 2.5 × 85.50 = 213.75', () => {
    expect(lineTotalCents(2.5, 85.5)).toBe(21375);
    expect(lineTotal(2.5, 85.5)).toBe(213.75);
  });
  it('rounds half up: 1.25 × 0.50 = 0.625 → 0.63; 0.33 × 0.5 = 0.165 → 0.17', () => {
    expect(lineTotal(1.25, 0.5)).toBe(0.63);
    expect(lineTotal(0.33, 0.5)).toBe(0.17);
  });
  it('is exact where floats are not: 0.1 × 3 = 0.30, 7.35 × 180 = 1323.00', () => {
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(7.35, 180)).toBe(1323);
    expect(lineTotal('8.5', '125.40')).toBe(1065.9);
  });
  it('treats missing values as zero', () => {
    expect(lineTotal(null, 10)).toBe(0);
    expect(lineTotal(3, undefined)).toBe(0);
  });
});

describe('valorizaTotals', () => {
  it('adds 18 % IGV and, for rubro 1 above 700.00, a 10 % detraction by default', () => {
    expect(valorizaTotals({ montos: [1000, 500.5], rubro: 1 })).toEqual({
      subtotal: 1500.5,
      igv: 270.09,
      monto: 1770.59,
      monto_detraccion: 177.06,
      monto_deposito: 1593.53,
      tasa_detraccion: 10,
      aplica_detraccion: true,
    });
  });
  it('no detraction at exactly 700.00 (593.22 × 1.18 = 699.9996 → 700.00)', () => {
    const t = valorizaTotals({ montos: [593.22], rubro: 1 });
    expect(t.monto).toBe(700);
    expect(t.monto_detraccion).toBe(0);
    expect(t.monto_deposito).toBe(700);
    expect(t.aplica_detraccion).toBe(false);
  });
  it('detraction from 700.01 (593.23 × 1.18 = 700.0114 → 700.01; 10 % = 70.001 → 70.00)', () => {
    const t = valorizaTotals({ montos: [593.23], rubro: 1 });
    expect(t.monto).toBe(700.01);
    expect(t.monto_detraccion).toBe(70);
    expect(t.monto_deposito).toBe(630.01);
  });
  it('rubros 2 and 3 never have detraction', () => {
    for (const rubro of [2, 3]) {
      const t = valorizaTotals({ montos: [10000], rubro });
      expect(t).toMatchObject({ subtotal: 10000, monto: 11800, monto_detraccion: 0, monto_deposito: 11800, aplica_detraccion: false });
    }
  });
  it('uses the account rate, with 2 decimals (12.5 % of 1180.00 = 147.50)', () => {
    const t = valorizaTotals({ montos: [1000], rubro: 1, tasa: 12.5 });
    expect(t.monto_detraccion).toBe(147.5);
    expect(t.monto_deposito).toBe(1032.5);
    expect(t.tasa_detraccion).toBe(12.5);
    expect(valorizaTotals({ montos: [1000], rubro: 1, tasa: '4' }).monto_detraccion).toBe(47.2);
  });
  it('a rate of 0 gives no detraction amount; a missing rate is 10', () => {
    expect(valorizaTotals({ montos: [1000], rubro: 1, tasa: 0 }).monto_detraccion).toBe(0);
    expect(valorizaTotals({ montos: [1000], rubro: 1, tasa: null }).monto_detraccion).toBe(118);
  });
  it('sums amounts in cents (0.1 + 0.2 = 0.30) and rounds the IGV half up', () => {
    expect(valorizaTotals({ montos: [0.1, 0.2], rubro: 2 })).toMatchObject({ subtotal: 0.3, monto: 0.35 }); // 35.4 cents → 35
    expect(valorizaTotals({ montos: [0.25], rubro: 2 })).toMatchObject({ subtotal: 0.25, monto: 0.3 }); // 29.5 cents → 30
  });
  it('an empty valuation is all zeros', () => {
    expect(valorizaTotals({ montos: [], rubro: 1 })).toMatchObject({
      subtotal: 0,
      igv: 0,
      monto: 0,
      monto_detraccion: 0,
      monto_deposito: 0,
    });
  });
});
