// Valuations contract: the modal's save (reports attached, created or detached; totals are the
// server's), list filter and rows, the edit view, the modal's catalogues and the accounts.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { FIELD } from '../messages';
import {
  dateOut,
  dateRange,
  dateStr,
  editorMode,
  id,
  idParam,
  messageResponse,
  numeric,
  optionalId,
  optionalText,
  text,
  timestampOut,
  trashOf,
} from './common';
import { UNIDADES } from './costos';
import { endpoint, fileAnswer } from './endpoint';
import { asText } from './form-values';
import { parteDetail, valorizaParteItem } from './partesdiarios';
import { RANGE_MONTHS, rangeDoc } from './ranges';

export const TIPOS_DOC = { DNI: 1, RUC: 2 } as const;

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : null);
/** An account given as an id or as `{ cuenta_id }`. */
const accountId = (v: unknown) => obj(v)?.cuenta_id ?? v;

const smallInt = (min: number, max: number, message: string) =>
  numeric(z.number({ error: message }).int(message).min(min, message).max(max, message));

export const valorizaBody = z
  .preprocess(
    (v) => {
      const o = obj(v);
      if (!o) return v;
      const cuentas = obj(o.cuentas);
      return {
        ...o,
        ndoc: asText(o.ndoc),
        cta_detraccion: accountId(o.cta_detraccion ?? cuentas?.detraccion),
        cta_deposito: accountId(o.cta_deposito ?? cuentas?.deposito),
      };
    },
    z.object({
      fecha: dateStr,
      rubro: smallInt(1, 3, FIELD.rubro).default(1),
      tipo_doc: smallInt(1, 2, FIELD.tipoDoc).default(TIPOS_DOC.RUC),
      ndoc: z.string({ error: FIELD.required }).trim().min(1, FIELD.required).regex(/^\d+$/, FIELD.digits),
      /** Missing: the name the identity or tax registry gives for `ndoc`. */
      rsocial: optionalText(250),
      observacion: text(2000),
      cta_detraccion: optionalId,
      cta_deposito: optionalId,
      partesdiarios: z
        .array(valorizaParteItem)
        .max(500)
        .nullish()
        .transform((v) => v ?? []),
      /** Reports to detach: parte ids, or report objects carrying `parte_id` (or `id`). */
      trash: trashOf('parte_id', 'id'),
      editorMode,
    }),
  )
  .superRefine((v, ctx) => {
    const dni = v.tipo_doc === TIPOS_DOC.DNI;
    if (!(dni ? /^\d{8}$/ : /^\d{11}$/).test(v.ndoc))
      ctx.addIssue({ code: 'custom', message: dni ? FIELD.dni : FIELD.ruc, path: ['ndoc'] });
  });
export type ValorizaBody = z.infer<typeof valorizaBody>;

export const valorizaIdParam = z.object({ valoriza_id: id });
export const valorizaListBody = dateRange(RANGE_MONTHS.valoriza);
export const valorizaPdfQuery = z.object({ id });

export const valorizaRow = z.object({
  valoriza_id: z.number(),
  fecha: dateOut,
  rubro: z.number(),
  tipo_doc: z.number(),
  ndoc: z.string(),
  rsocial: z.string(),
  subtotal: z.number(),
  monto: z.number(),
  monto_detraccion: z.number(),
  monto_deposito: z.number(),
  /** The hidden column: internal numbers of the billed reports, '000123, 000124'. */
  partes: z.string(),
  created_at: timestampOut,
});
export type ValorizaRow = z.infer<typeof valorizaRow>;

export const cuentaRow = z.object({
  cuenta_id: z.number(),
  nro_cuenta: z.string(),
  tipo_cuenta: z.enum(['detraccion', 'deposito']),
  tasa_impuesto: z.number(),
});
export type CuentaRow = z.infer<typeof cuentaRow>;

export const valorizaDetail = valorizaRow.extend({
  igv: z.number(),
  cta_detraccion: z.number().nullable(),
  cta_deposito: z.number().nullable(),
  tasa_detraccion: z.number(),
  observacion: z.string(),
  cuentas: z.object({ detraccion: cuentaRow.nullable(), deposito: cuentaRow.nullable() }),
  partesdiarios: z.array(parteDetail),
});
export type ValorizaDetail = z.infer<typeof valorizaDetail>;

/** What the valuation modal and the daily-report form load first. */
export const infoVenta = z.object({
  /** Active lines of active cost schedules. */
  precios: z.array(
    z.object({
      costo_det_id: z.number(),
      costo_id: z.number(),
      costo: z.string(),
      descripcion: z.string(),
      precio: z.number(),
      unidad: z.enum(UNIDADES),
    }),
  ),
  actividades: z.array(z.object({ id: z.number(), activ_nombre: z.string() })),
  maquinarias: z.array(
    z.object({ id: z.number(), descripcion: z.string(), placa: z.string(), horometro: z.boolean(), estado: z.number() }),
  ),
  /** Most kilometres an odometer may advance in a day (ajustes `km_max_dia`): the report form's device-side check. */
  km_max_dia: z.number(),
});
export type InfoVenta = z.infer<typeof infoVenta>;

export const valorizaApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/valoriza/list',
    summary: 'Valorizaciones entre dos fechas, la más reciente primero, con los números de sus partes diarios',
    description: rangeDoc(RANGE_MONTHS.valoriza),
    access: READERS.valorizaciones,
    body: valorizaListBody,
    answer: z.array(valorizaRow),
  }),
  infoventa: endpoint({
    method: 'GET',
    path: '/api/valoriza/infoventa',
    summary: 'Catálogos del formulario de valorización y de parte diario: precios activos, actividades y máquinas',
    access: READERS.partes,
    answer: infoVenta,
  }),
  cuentas: endpoint({
    method: 'GET',
    path: '/api/valoriza/cuentas',
    summary: 'Cuentas bancarias de detracción y de depósito',
    access: READERS.valorizaciones,
    answer: z.array(cuentaRow),
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/api/valoriza/viewpdfvaloriza',
    summary: 'La valorización en PDF (A4 horizontal), con sus partes diarios y totales',
    access: [ROLE.valorizaPdf],
    query: valorizaPdfQuery,
    answer: fileAnswer('application/pdf'),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/valoriza/:id',
    summary: 'Una valorización con sus cuentas y sus partes diarios',
    access: READERS.valorizaciones,
    params: idParam,
    answer: valorizaDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/valoriza',
    summary: 'Registra una valorización: crea o adjunta sus partes diarios y calcula los totales en el servidor',
    description:
      'Adjuntar un parte que ya factura otra valorización es un 409. Crear o adjuntar partes pide además el código 23 y cambiar uno existente, el 24 (403 sin ellos).',
    access: [ROLE.valorizaNuevo],
    idempotent: true,
    body: valorizaBody,
    answer: valorizaDetail,
    status: 201,
    errors: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/valoriza/:valoriza_id',
    summary: 'Edita una valorización: adjunta, crea, edita o quita (trash) sus partes diarios y recalcula los totales',
    description:
      'Adjuntar un parte que ya factura otra valorización es un 409. Crear o adjuntar partes pide además el código 23; cambiar uno, el 24; quitarlo (trash), el 25 (403 sin ellos).',
    access: [ROLE.valorizaEditar],
    idempotent: true,
    params: valorizaIdParam,
    body: valorizaBody,
    answer: valorizaDetail,
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/valoriza/:id',
    summary: 'Elimina una valorización; sus partes diarios quedan sin valorizar',
    access: [ROLE.valorizaEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
  }),
} as const;
