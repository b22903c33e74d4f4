// Valuation arithmetic, the one function the server stores and the client's modal shows: a report line's
// total (cantid × preuni) and a valuation's totals (subtotal, IGV, detracción, deposit), all in integer cents.
import { fromCents, toCents } from './money';

/** IGV: monto = subtotal × 1.18. */
export const IGV_PERCENT = 18;
/** Detracción applies when the total with IGV is above S/ 700.00 … */
export const DETRACCION_THRESHOLD_CENTS = 70_000;
/** … and the valuation is a rental to third parties (rubro 1). */
export const RUBRO_DETRACCION = 1;
/** Rate used when no detraction account gives one. */
export const DEFAULT_TASA_DETRACCION = 10;

/** a / b rounded half away from zero, for integers (b > 0). */
function divRound(a: number, b: number): number {
  const q = Math.floor(Math.abs(a) / b);
  const r = Math.abs(a) - q * b;
  const n = r * 2 >= b ? q + 1 : q;
  return a < 0 ? -n : n;
}

/** cantid × preuni in cents, rounded half up to the cent (2.5 × 85.50 = 213.75; 1.25 × 0.5 = 0.63). */
export function lineTotalCents(cantid: number | string | null | undefined, preuni: number | string | null | undefined): number {
  return divRound(toCents(cantid) * toCents(preuni), 100);
}

/** cantid × preuni with 2 decimals (a report's `pretot` and `monto`). */
export const lineTotal = (cantid: number | string | null | undefined, preuni: number | string | null | undefined): number =>
  fromCents(lineTotalCents(cantid, preuni));

export interface ValorizaTotalsInput {
  /** The `monto` of each billed report. */
  montos: Iterable<number | string | null | undefined>;
  rubro: number;
  /** Percentage of the detraction account (tasa_impuesto); DEFAULT_TASA_DETRACCION when missing. */
  tasa?: number | string | null;
}

export interface ValorizaTotals {
  subtotal: number;
  igv: number;
  monto: number;
  monto_detraccion: number;
  monto_deposito: number;
  tasa_detraccion: number;
  /** True when the detraction line is shown (monto above 700.00 and rubro 1). */
  aplica_detraccion: boolean;
}

/**
 * Totals of a valuation with 2 decimals, computed in cents: subtotal = sum of the reports' amounts;
 * monto = subtotal × 1.18; detracción = tasa % of monto when monto > 700.00 and rubro 1, else 0;
 * deposit = monto − detracción.
 */
export function valorizaTotals(input: ValorizaTotalsInput): ValorizaTotals {
  let subtotal = 0;
  for (const m of input.montos) subtotal += toCents(m);
  const monto = divRound(subtotal * (100 + IGV_PERCENT), 100);
  const given = input.tasa == null || input.tasa === '' ? DEFAULT_TASA_DETRACCION : Number(input.tasa);
  const tasa = Number.isFinite(given) ? given : DEFAULT_TASA_DETRACCION;
  const aplica = input.rubro === RUBRO_DETRACCION && monto > DETRACCION_THRESHOLD_CENTS;
  // A rate has at most 2 decimals: in hundredths of a percent it is an integer.
  const detraccion = aplica ? divRound(monto * toCents(tasa), 10_000) : 0;
  return {
    subtotal: fromCents(subtotal),
    igv: fromCents(monto - subtotal),
    monto: fromCents(monto),
    monto_detraccion: fromCents(detraccion),
    monto_deposito: fromCents(monto - detraccion),
    tasa_detraccion: tasa,
    aplica_detraccion: aplica,
  };
}
