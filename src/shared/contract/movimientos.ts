// Kardex (movimientos) contract: list filter and the ledger row with its running balance.
import { READERS } from '../auth/permissions';
import { z } from 'zod';
import { FIELD } from '../messages';
import { dateStr, numeric } from './common';
import { endpoint } from './endpoint';

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
  .refine((v) => !v.fini || !v.ffin || v.fini <= v.ffin, {
    message: FIELD.dateRangeOrder,
    path: ['ffin'],
  });

export const movimientoRow = z.object({
  id: z.number(),
  insumo_id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  fecha: z.string(),
  tipo: z.enum(['INGRESO', 'SALIDA', 'AJUSTE']),
  proveedor: z.string(),
  nro_guiaremision: z.string(),
  ingreso: z.number(),
  salida: z.number(),
  /** Running balance of the supply, including the opening balance before `fini`. */
  saldo: z.number(),
});
export type MovimientoRow = z.infer<typeof movimientoRow>;

/** The endpoint of the kardex. */
export const movimientosApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/movimientos/list',
    summary: 'Kárdex: movimientos de un insumo (0 = todos) entre dos fechas con su saldo acumulado',
    description: `El saldo incluye el de antes de \`fini\`. Devuelve a lo más \`limit\` filas (hasta ${KARDEX_MAX_ROWS}) desde \`offset\`; cuando hay más, la cabecera \`X-Next-Offset\` dice desde dónde pedir la página siguiente.`,
    access: READERS.kardex,
    body: movimientoListBody,
    answer: z.array(movimientoRow),
  }),
} as const;
