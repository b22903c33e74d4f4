// Work orders (órdenes de trabajo) contract: the create body (from a due task, from a failure or by hand, with the
// device-made `uid`), the execution body (the order's whole current state: status, start, checklist, labour, parts,
// closing reading, notes; one PUT keyed by uid, so an offline replay is idempotent), the list filter and the row and
// detail shapes (docs/architecture.md, "Work orders").
import { z } from 'zod';
import { MENU, ROLE, READERS } from '../auth/permissions';
import { FIELD, MSG } from '../messages';
import { amount, dateOut, dateStr, id, maquinariaDateRange, optionalId, optionalText, positiveAmount, text } from './common';
import { endpoint, fileAnswer } from './endpoint';
import { FOTO_TYPES, fotoUploadBody } from './fotos';
import { RANGE_MONTHS, rangeDoc } from './ranges';

export const ORDEN_ESTADOS = ['ABIERTA', 'EN CURSO', 'EN ESPERA DE REPUESTOS', 'CERRADA', 'ANULADA'] as const;
export type OrdenEstado = (typeof ORDEN_ESTADOS)[number];
export const ORDEN_ORIGENES = ['PLAN', 'FALLA', 'MANUAL'] as const;
export const ORDEN_TIPOS = ['PREVENTIVA', 'CORRECTIVA'] as const;
export const ORDEN_PRIORIDADES = ['BAJA', 'MEDIA', 'ALTA', 'URGENTE'] as const;
export const CHECK_RESULTADOS = ['OK', 'OBSERVADO', 'NO APLICA'] as const;
export type CheckResultado = (typeof CHECK_RESULTADOS)[number];
/** An order holds at most this many photos (counted with the order locked). */
export const FOTOS_PER_ORDEN = 10;
/** Hours one person may log on one day of an order. */
export const MAX_HORAS_MANO_OBRA = 24;

const uid = z.uuid({ error: FIELD.invalidValue });
export const ordenUidParam = z.object({ uid });

/** A time the device recorded (ISO 8601); a time ahead of the server's clock is taken as now. */
const deviceTime = z.iso
  .datetime({ offset: true, error: FIELD.invalidValue })
  .refine((s) => !Number.isNaN(Date.parse(s)), FIELD.invalidValue)
  .nullish()
  .transform((v) => v ?? null);

/**
 * A new order. From a due task (`origen` PLAN, `tarea_id`: type PREVENTIVA, the task's checklist copied), from a
 * failure (FALLA, `falla_id`: CORRECTIVA) or by hand (MANUAL: the type and checklist the body gives). `uid` is made by
 * the device: the same uid twice is one order (the second answers the first).
 */
export const ordenCreateBody = z.object({
  uid,
  origen: z.enum(ORDEN_ORIGENES, { error: FIELD.invalidValue }).default('MANUAL'),
  maquinaria_id: id,
  tarea_id: optionalId,
  falla_id: optionalId,
  tipo: z.enum(ORDEN_TIPOS, { error: FIELD.invalidValue }).nullish(),
  prioridad: z.enum(ORDEN_PRIORIDADES, { error: FIELD.invalidValue }).default('MEDIA'),
  descripcion: text(250),
  fecha_programada: dateStr.nullish().transform((v) => v ?? null),
  asignados: z.array(id).max(20).default([]),
  maquina_detenida: z.boolean().default(false),
  /**
   * Checklist items of the new order (a task's order copies the task's first); named apart from the execution's
   * `checklist` (its results), since the device keeps one body for both.
   */
  items_checklist: z.array(text(250)).max(100).default([]),
});
export type OrdenCreateBody = z.infer<typeof ordenCreateBody>;

export const checklistItemBody = z.object({
  orden: z.number().int().min(1).max(1000),
  descripcion: text(250),
  resultado: z
    .enum(CHECK_RESULTADOS, { error: FIELD.invalidValue })
    .nullish()
    .transform((v) => v ?? null),
  nota: optionalText(1000),
  /** An OBSERVADO item opens a failure of the machine in the same save (once: an item with a failure keeps it). */
  abrir_falla: z.boolean().default(false),
});

export const manoObraBody = z.object({
  usuario_id: optionalId,
  nombre: text(150),
  fecha: dateStr,
  horas: positiveAmount.refine((h) => h <= MAX_HORAS_MANO_OBRA, MSG.ordenHorasMax(MAX_HORAS_MANO_OBRA)),
});

/** A part taken from the warehouse for the order; `insumo_maq_id` names the wear part it replaces. */
export const repuestoBody = z.object({
  insumo_id: id,
  cantidad: positiveAmount,
  insumo_maq_id: optionalId,
  observacion: optionalText(500),
});

/**
 * The order's whole current state, sent by the execution screen (online or from the outbox): the target `estado`
 * (the server refuses a transition the order cannot make), the checklist, labour and parts as they are now (parts are
 * the order's one warehouse exit, stock-checked against what it already took), the closing reading and notes.
 */
export const ordenEjecucionBody = z.object({
  estado: z.enum(ORDEN_ESTADOS, { error: FIELD.invalidValue }),
  inicio: deviceTime,
  fin: deviceTime,
  checklist: z.array(checklistItemBody).max(100).default([]),
  mano_obra: z.array(manoObraBody).max(200).default([]),
  repuestos: z.array(repuestoBody).max(200).default([]),
  horometro_cierre: amount.nullish().transform((v) => v ?? null),
  notas: optionalText(4000),
  motivo_anulacion: optionalText(500),
});
export type OrdenEjecucionBody = z.infer<typeof ordenEjecucionBody>;

/** Attach (or detach, null) an outside repair (Reparaciones) to the order. */
export const ordenReparacionBody = z.object({ reparacion_id: optionalId });

export const ordenListBody = maquinariaDateRange(RANGE_MONTHS.ordenestrabajo, {
  estado: z.enum(ORDEN_ESTADOS, { error: FIELD.invalidValue }).nullish(),
  /** Only the orders assigned to the caller. */
  mias: z.boolean().nullish(),
});
export type OrdenListBody = z.infer<typeof ordenListBody>;
/** The most rows a list answers (newest first). */
export const ORDEN_LIST_MAX = 1000;

const asignado = z.object({ usuario_id: z.number(), nombre: z.string() });

export const ordenRow = z.object({
  ot_id: z.number(),
  uid: z.string(),
  anio: z.number(),
  numero: z.number(),
  /** '2026-0012' */
  codigo: z.string(),
  maquinaria_id: z.number(),
  placa: z.string(),
  maquinaria: z.string(),
  /** The machine's meter: true hour meter (h), false odometer (km). */
  horometro: z.boolean(),
  origen: z.enum(ORDEN_ORIGENES),
  tipo: z.enum(ORDEN_TIPOS),
  prioridad: z.enum(ORDEN_PRIORIDADES),
  estado: z.enum(ORDEN_ESTADOS),
  descripcion: z.string(),
  fecha_programada: dateOut.nullable(),
  inicio: z.string().nullable(),
  fin: z.string().nullable(),
  maquina_detenida: z.boolean(),
  tarea_id: z.number().nullable(),
  falla_id: z.number().nullable(),
  asignados: z.array(asignado),
  /** The assigned staff's names, for search and exports. */
  asignados_text: z.string(),
  created_at: z.string(),
});
export type OrdenRow = z.infer<typeof ordenRow>;

export const checklistItemOut = z.object({
  id: z.number(),
  orden: z.number(),
  descripcion: z.string(),
  resultado: z.enum(CHECK_RESULTADOS).nullable(),
  nota: z.string().nullable(),
  falla_id: z.number().nullable(),
});
export const manoObraOut = z.object({
  id: z.number(),
  usuario_id: z.number().nullable(),
  nombre: z.string(),
  fecha: dateOut,
  horas: z.number(),
});
export const repuestoOut = z.object({
  salida_det_id: z.number(),
  insumo_id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  unimed: z.string(),
  cantidad: z.number(),
  stock: z.number(),
  insumo_maq_id: z.number().nullable(),
  observacion: z.string().nullable(),
});
/** Staff an order can be assigned to: active users holding the code that executes orders (72). */
export const tecnicoRow = z.object({ usuario_id: z.number(), nombre: z.string() });
export type TecnicoRow = z.infer<typeof tecnicoRow>;

export const ordenFotoRow = z.object({
  id: z.number(),
  ot_id: z.number(),
  mime: z.enum(FOTO_TYPES),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  created_at: z.string(),
  usuario: z.string().nullable(),
});
export type OrdenFotoRow = z.infer<typeof ordenFotoRow>;
const reparacionOut = z.object({ reparacion_id: z.number(), nro_orden: z.string().nullable(), descripcion: z.string().nullable() });

export const ordenDetail = ordenRow.extend({
  horometro_cierre: z.number().nullable(),
  notas: z.string().nullable(),
  motivo_anulacion: z.string().nullable(),
  tarea_nombre: z.string().nullable(),
  falla_descripcion: z.string().nullable(),
  /** The order's warehouse exit (null until it takes a part). */
  salida_id: z.number().nullable(),
  checklist: z.array(checklistItemOut),
  mano_obra: z.array(manoObraOut),
  repuestos: z.array(repuestoOut),
  fotos: z.array(ordenFotoRow),
  reparaciones: z.array(reparacionOut),
});
export type OrdenDetail = z.infer<typeof ordenDetail>;

export const ordenestrabajoApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/ordenestrabajo/list',
    summary: 'Órdenes de trabajo por estado, máquina (0 = todas), fecha de creación y asignadas al usuario; la más reciente primero',
    description: `Como mucho ${ORDEN_LIST_MAX} filas. ${rangeDoc(RANGE_MONTHS.ordenestrabajo)}`,
    access: READERS.ordenesTrabajo,
    body: ordenListBody,
    answer: z.array(ordenRow),
  }),
  tecnicos: endpoint({
    method: 'GET',
    path: '/api/ordenestrabajo/tecnicos',
    summary: 'Usuarios activos a los que se puede asignar una orden (los que tienen el código 72)',
    access: READERS.ordenesTrabajo,
    answer: z.array(tecnicoRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/ordenestrabajo/:uid',
    summary: 'Una orden de trabajo con su checklist, mano de obra, repuestos, fotos y reparaciones',
    access: READERS.ordenesTrabajo,
    params: ordenUidParam,
    answer: ordenDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/ordenestrabajo',
    summary: 'Crea una orden de trabajo (de una tarea vencida, de una falla o a mano) con número correlativo del año',
    description: 'El `uid` lo genera el dispositivo: enviar dos veces el mismo uid deja una sola orden (la segunda responde la primera).',
    access: [ROLE.ordenNueva],
    idempotent: true,
    body: ordenCreateBody,
    answer: ordenDetail,
    status: 201,
    errors: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/ordenestrabajo/:uid',
    summary: 'Guarda el estado completo de la ejecución: estado, inicio, checklist, mano de obra, repuestos, lectura de cierre y notas',
    description:
      'Los repuestos son una salida del almacén de la orden: se controla y descuenta el stock (409 si no alcanza, sin guardar nada). Cerrar exige el checklist completo y la lectura; cerrar una orden de falla la marca REPARADO y la de una tarea la da por hecha. Anular (código 73) exige el motivo y devuelve los repuestos al almacén.',
    access: [ROLE.ordenEjecutar, ROLE.ordenAnular],
    idempotent: true,
    params: ordenUidParam,
    body: ordenEjecucionBody,
    answer: ordenDetail,
    errors: [409],
  }),
  reparacion: endpoint({
    method: 'PUT',
    path: '/api/ordenestrabajo/:uid/reparacion',
    summary: 'Vincula a la orden una reparación externa de la misma máquina (null la desvincula)',
    access: [ROLE.ordenEjecutar],
    idempotent: true,
    params: ordenUidParam,
    body: ordenReparacionBody,
    answer: ordenDetail,
  }),
  uploadFoto: endpoint({
    method: 'POST',
    path: '/api/ordenestrabajo/:uid/fotos',
    summary: 'Agrega una foto a una orden de trabajo (campo `foto` de un formulario multipart)',
    description: `JPEG, PNG o WebP (415), hasta 10 MB (413) y ${FOTOS_PER_ORDEN} fotos por orden (409).`,
    access: [ROLE.ordenEjecutar],
    idempotent: true,
    params: ordenUidParam,
    body: fotoUploadBody,
    multipart: true,
    answer: ordenFotoRow,
    status: 201,
    errors: [409, 413, 415],
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/ordenestrabajo/:uid/pdf',
    summary: 'La orden de trabajo en PDF (A4) para las firmas',
    access: [MENU.ordenesTrabajo],
    params: ordenUidParam,
    answer: fileAnswer('application/pdf'),
  }),
} as const;
