// Supplies (insumos) contract: catalogue body, search query, the row shapes of lists and searches, and the endpoints.
import { z } from 'zod';
import { MENU, READERS } from '../auth/permissions';
import { FIELD } from '../messages';
import { amount, id, idParam, messageResponse, text } from './common';
import { endpoint } from './endpoint';

const hours = amount.nullish().transform((v) => (v == null ? null : v));

export const insumoBody = z
  .object({
    insumo_codigo: text(40).transform((s) => s.toUpperCase()),
    insumo_name: text(250),
    unimed_id: id,
    hour_warning: hours,
    hour_critical: hours,
    horas_limite: hours,
  })
  .refine((v) => v.hour_warning == null || v.hour_critical == null || v.hour_critical >= v.hour_warning, {
    message: FIELD.invalidValue,
    path: ['hour_critical'],
  })
  .refine((v) => v.hour_critical == null || v.horas_limite == null || v.horas_limite >= v.hour_critical, {
    message: FIELD.invalidValue,
    path: ['horas_limite'],
  });
export type InsumoBody = z.infer<typeof insumoBody>;

export const insumoSearchQuery = z.object({
  q: z.string().max(100, FIELD.tooLong(100)).optional().default(''),
  mode: z.enum(['pedido', 'salida']).optional().default('salida'),
});

export const termParam = z.object({ term: z.string().trim().min(1, FIELD.required).max(100, FIELD.tooLong(100)) });

/** Hour defaults of a part when the supply has none (warning, critical, limit). */
export const DEFAULT_PART_HOURS = { hour_warning: 250, hour_critical: 400, horas_limite: 500 } as const;

export const insumoRow = z.object({
  id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  unimed: z.string(),
  unimed_id: z.number(),
  stock: z.number(),
  /** Weighted average cost in soles per unit (4 decimals), kept by the valuation of the kardex. */
  costo_promedio: z.number(),
  /** Value of the stock in soles: the supply's last running balance in the kardex. */
  valor_stock: z.number(),
});
export type InsumoRow = z.infer<typeof insumoRow>;

/** A supply as the exit typeahead (mode=salida) offers it. */
export const insumoSearchSalida = z.object({
  id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  unimed: z.string(),
  stock: z.number(),
});
export type InsumoSearchSalida = z.infer<typeof insumoSearchSalida>;

/** A supply as the request typeahead (mode=pedido) offers it. */
export const insumoSearchPedido = z.object({
  bien_id: z.number(),
  bien_nombre: z.string(),
  codigo: z.string(),
  unimed_id: z.number(),
  unimed_abrev: z.string(),
});
export type InsumoSearchPedido = z.infer<typeof insumoSearchPedido>;

/** GET /api/insumos/search: the items of either typeahead, by `mode`. */
export const insumoSearchAnswer = z.object({ items: z.array(z.union([insumoSearchSalida, insumoSearchPedido])) });
/** GET /api/insumos/search/:term: the exit typeahead's items. */
export const insumoSearchSalidaAnswer = z.object({ items: z.array(insumoSearchSalida) });

export const unimedRow = z.object({ unimed_id: z.number(), unimed_abrev: z.string() });
export type UnimedRow = z.infer<typeof unimedRow>;

export const searchHorasAnswer = z.object({
  data: z.object({
    horas_alerta: z.object({ hour_warning: z.number(), hour_critical: z.number() }),
    horas_limite: z.number(),
  }),
});
export type SearchHorasAnswer = z.infer<typeof searchHorasAnswer>;

/** The endpoints of supplies. Their catalogue has no button code in the spec: it belongs to 'Insumos y materiales'. */
export const insumosApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/insumos',
    summary: 'Insumos con su unidad, stock, costo promedio y valor del stock, por código',
    access: READERS.insumos,
    answer: z.array(insumoRow),
  }),
  search: endpoint({
    method: 'GET',
    path: '/api/insumos/search',
    summary: 'Insumos cuyo código o nombre contiene el texto (hasta 20), con la forma de las salidas o de los pedidos según `mode`',
    access: READERS.insumos,
    query: insumoSearchQuery,
    answer: insumoSearchAnswer,
  }),
  searchSalida: endpoint({
    method: 'GET',
    path: '/api/insumos/search/:term',
    summary: 'Insumos cuyo código o nombre contiene el texto (hasta 20), con la forma de las salidas',
    access: READERS.insumos,
    params: termParam,
    answer: insumoSearchSalidaAnswer,
  }),
  searchHoras: endpoint({
    method: 'GET',
    path: '/api/insumos/search_horas/:term',
    summary: 'Horas de advertencia, alerta y límite de un insumo (por id o código), o las de omisión si no tiene',
    access: READERS.insumos,
    params: termParam,
    answer: searchHorasAnswer,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/insumos/:id',
    summary: 'Un insumo con su unidad y stock',
    access: READERS.insumos,
    params: idParam,
    answer: insumoRow,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/insumos',
    summary: 'Registra un insumo',
    description: 'El código se registra una sola vez, en mayúsculas o minúsculas: un código ya registrado es un 409.',
    access: [MENU.reporteInsumos],
    idempotent: true,
    body: insumoBody,
    answer: insumoRow,
    status: 201,
    errors: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/insumos/:id',
    summary: 'Edita un insumo',
    description: 'El código no puede ser el de otro insumo (409).',
    access: [MENU.reporteInsumos],
    idempotent: true,
    params: idParam,
    body: insumoBody,
    answer: insumoRow,
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/insumos/:id',
    summary: 'Elimina un insumo',
    description: 'Un insumo con movimientos, ingresos, salidas, pedidos o asignado a una máquina no se elimina (409).',
    access: [MENU.reporteInsumos],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
    errors: [409],
  }),
} as const;
