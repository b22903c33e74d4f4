// Kardex (movimientos) contract: list filter and the ledger row with its running balance.
import { READERS } from '../auth/permissions';
import { z } from 'zod';
import { FIELD } from '../messages';
import { dateStr, numeric } from './common';
import { endpoint } from './endpoint';
import { RANGE_MONTHS, boundedRange, rangeDoc } from './ranges';

const int = (min: number, max: number) =>
  numeric(z.number({ error: FIELD.integer }).int(FIELD.integer).min(min, FIELD.invalidValue).max(max, FIELD.invalidValue));

/** Most rows one kardex call returns; the next page is asked with `offset` (header X-Next-Offset). */
export const KARDEX_MAX_ROWS = 5000;

export const movimientoListBody = z
  .object({
    insumo_id: int(0, 2_147_483_647).nullish(),
    fini: dateStr.nullish(),
    ffin: dateStr.nullish(),
    limit: int(1, KARDEX_MAX_ROWS).nullish(),
    offset: int(0, 100_000_000).nullish(),
  })
  .superRefine(boundedRange(RANGE_MONTHS.movimientos, (f: { insumo_id?: number | null }) => !!f.insumo_id));

/** Type of the opening-balance row the kardex puts before a supply's first movement of the range. */
export const SALDO_INICIAL = 'SALDO';

export const movimientoRow = z.object({
  /** The movement's id; an opening-balance row has minus the supply's id. */
  id: z.number(),
  insumo_id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  fecha: z.string(),
  /** AJUSTE: a physical count's difference (surplus in `ingreso`, shortage in `salida`); SALDO: the balance before `fini`. */
  tipo: z.enum([SALDO_INICIAL, 'INGRESO', 'SALIDA', 'AJUSTE']),
  proveedor: z.string(),
  nro_guiaremision: z.string(),
  ingreso: z.number(),
  salida: z.number(),
  /** Soles per unit: an entry's purchase price, an exit's or an adjustment's average at its point in the ledger. */
  costo_unitario: z.number(),
  /** Value of the quantity moved (soles). */
  importe: z.number(),
  /** Running balance of the supply (quantity) after the movement. */
  saldo: z.number(),
  /** Running value of the supply (soles) after the movement. */
  saldo_importe: z.number(),
});
export type MovimientoRow = z.infer<typeof movimientoRow>;

/** The endpoint of the kardex. */
export const movimientosApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/movimientos/list',
    summary:
      'Kárdex valorizado: movimientos de un insumo (0 = todos) entre dos fechas con costo unitario, importe y saldo (cantidad e importe)',
    description: `Con \`fini\`, cada insumo empieza con una fila \`tipo: 'SALDO'\` (id negativo) con su saldo antes de esa fecha. Devuelve a lo más \`limit\` movimientos (hasta ${KARDEX_MAX_ROWS}; las filas de saldo inicial no cuentan) desde \`offset\`; cuando hay más, la cabecera \`X-Next-Offset\` dice desde dónde pedir la página siguiente. ${rangeDoc(RANGE_MONTHS.movimientos)} Con un solo insumo pueden omitirse: su kárdex entero, por páginas.`,
    access: READERS.kardex,
    body: movimientoListBody,
    answer: z.array(movimientoRow),
  }),
} as const;
