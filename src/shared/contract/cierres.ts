// Monthly close of the warehouse (docs/costs.md, "Monthly close"): the months with their state, closing and reopening
// a month, and the valued stock report a close stores.
import { z } from 'zod';
import { MENU, ROLE, within } from '../auth/permissions';
import { MSG } from '../messages';
import { timestampOut } from './common';
import { endpoint } from './endpoint';

const periodo = z.string({ error: MSG.cierrePeriodoInvalido }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.cierrePeriodoInvalido);
export const periodoParam = z.object({ periodo });

export const cierreBody = z.object({ periodo });
export type CierreBody = z.infer<typeof cierreBody>;

export const reaperturaBody = z.object({
  motivo: z.string({ error: MSG.cierreMotivoCorto }).trim().min(10, MSG.cierreMotivoCorto).max(500, MSG.cierreMotivoCorto),
});
export type ReaperturaBody = z.infer<typeof reaperturaBody>;

/** One month, from the first month with movements to the last one that has ended, the newest first. */
export const cierreRow = z.object({
  periodo: z.string(),
  /** ABIERTO for a month never closed or reopened (then `reabierto_at` is set). */
  estado: z.enum(['CERRADO', 'ABIERTO']),
  /** Movements dated in the month. */
  movimientos: z.number(),
  cerrado_at: timestampOut.nullable(),
  cerrado_por: z.string().nullable(),
  reabierto_at: timestampOut.nullable(),
  reabierto_por: z.string().nullable(),
  motivo_reapertura: z.string().nullable(),
});
export type CierreRow = z.infer<typeof cierreRow>;

/** The valued stock of one supply in a closed month (quantities and soles). */
export const cierreDetRow = z.object({
  insumo_id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  unimed: z.string(),
  inicial_cantidad: z.number(),
  inicial_importe: z.number(),
  ingresos_cantidad: z.number(),
  ingresos_importe: z.number(),
  salidas_cantidad: z.number(),
  salidas_importe: z.number(),
  final_cantidad: z.number(),
  final_importe: z.number(),
});
export type CierreDetRow = z.infer<typeof cierreDetRow>;

export const cierreDetail = cierreRow.extend({ items: z.array(cierreDetRow) });
export type CierreDetail = z.infer<typeof cierreDetail>;

/**
 * Who reads the months: the close's screen, and the screens that write kardex movements (the forms warn before a
 * save dated in a closed month).
 */
const MESES_READERS = within(MENU.cierres, MENU.ingresos, MENU.salidas, MENU.ordenesTrabajo, MENU.inventarios);

/** The endpoints of the monthly close. */
export const cierresApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/cierres',
    summary: 'Meses del almacén con su estado de cierre, el más reciente primero',
    description:
      'Desde el primer mes con movimientos hasta el último mes terminado (a lo más 20 años). Los dispositivos lo guardan para avisar antes de registrar un movimiento en un mes cerrado.',
    access: MESES_READERS,
    answer: z.array(cierreRow),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/cierres/:periodo',
    summary: 'Inventario valorizado de un mes cerrado: saldo inicial, ingresos, salidas y saldo final por insumo',
    access: within(MENU.cierres),
    params: periodoParam,
    answer: cierreDetail,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/cierres',
    summary: 'Cierra un mes terminado y guarda su inventario valorizado',
    description:
      'Desde entonces ningún movimiento con fecha de ese mes (o anterior) se registra, modifica ni elimina (409). Los meses se cierran en orden: el mes anterior con movimientos debe estar cerrado.',
    access: [ROLE.cierreCerrar],
    idempotent: true,
    body: cierreBody,
    answer: cierreRow,
    status: 201,
    errors: [409],
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/api/cierres/:periodo/reabrir',
    summary: 'Reabre el último mes cerrado, con el motivo',
    access: [ROLE.cierreReabrir],
    idempotent: true,
    params: periodoParam,
    body: reaperturaBody,
    answer: cierreRow,
    errors: [409],
  }),
} as const;
