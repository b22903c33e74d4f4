// Daily work reports (partes diarios) contract: the spec's report object with its one service line, as the
// field form and the valuation modal send it, the list filter and the row shapes.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { FIELD, MSG } from '../messages';
import {
  amount,
  dateOut,
  dateStr,
  dni,
  editorMode,
  id,
  idParam,
  maquinariaDateRange,
  messageResponse,
  numeric,
  optionalId,
  text,
  timestampOut,
} from './common';
import { UNIDADES } from './costos';
import { endpoint } from './endpoint';
import { RANGE_MONTHS, rangeDoc } from './ranges';
import { asText } from './form-values';

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : null);
const pick = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null && v !== '');

/** Quantity: a number ≥ 0 with at most 2 decimals ('Ingrese solo numeros' for anything else). */
export const cantid = numeric(
  z
    .number({ error: MSG.onlyNumbers })
    .finite(MSG.onlyNumbers)
    .min(0, FIELD.nonNegative)
    .max(9_999_999_999.99, FIELD.invalidValue)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, FIELD.twoDecimals),
);

/**
 * A meter reading (hour meter in h, odometer in km: the machine's `horometro`), ≥ 0 with at most 2 decimals; blank is
 * none. null clears a stored report's readings (with the other one), missing keeps them.
 */
export const lectura = numeric(
  z
    .number({ error: MSG.onlyNumbers })
    .finite(MSG.onlyNumbers)
    .min(0, FIELD.nonNegative)
    .max(9_999_999_999.99, FIELD.invalidValue)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, FIELD.twoDecimals),
);
const optionalLectura = z.preprocess((v) => (v === '' ? null : v), lectura.nullish());

/** The service line: `costo_det_id` also read from `costos_det.costo_det_id`; pretot is recomputed, never read. */
const parteLine = z.preprocess(
  (v) => {
    const line = obj(Array.isArray(v) && v.length === 1 ? v[0] : v);
    if (!line) return v;
    return { ...line, costo_det_id: pick(line.costo_det_id, obj(line.costos_det)?.costo_det_id) };
  },
  z.object({
    pd_detalle_id: optionalId,
    /** costo_det_id and cantid: required for a new report (see requireNewFields). */
    costo_det_id: id.optional(),
    cantid: cantid.optional(),
    /** Missing: the cost line's price. */
    preuni: amount.nullish(),
  }),
);

/**
 * Reads the spec's alternatives into one shape: `maquinaria_id` or `maquinaria` (id or { id }); `operador_id`
 * or `operador.operador_id`; the DNI from `dni`, `dni_operador` or `operador.dni`; `parte_id` or `id`.
 */
function normalizeParte(v: unknown): unknown {
  const r = obj(v);
  if (!r) return v;
  const maq = obj(r.maquinaria);
  const op = obj(r.operador);
  return {
    ...r,
    parte_id: pick(r.parte_id, r.id),
    nro_parte_interno: asText(r.nro_parte_interno),
    maquinaria_id: pick(r.maquinaria_id, maq?.id, typeof r.maquinaria === 'number' ? r.maquinaria : undefined),
    operador_id: pick(r.operador_id, op?.operador_id),
    dni: asText(pick(r.dni, r.dni_operador, op?.dni)),
  };
}

const optionalDni = z.preprocess(
  (v) => (v === '' ? null : v),
  dni.nullish().transform((x) => x ?? null),
);

/** Every field of a report, optional: what a valuation item may carry next to an existing `parte_id`. */
const parteFields = z.object({
  parte_id: optionalId,
  nro_parte_interno: text(30).optional(),
  /** Missing: today (Lima) for a report of its own, the valuation's date inside a valuation. */
  fecha: dateStr.nullish(),
  maquinaria_id: id.optional(),
  operador_id: optionalId,
  dni: optionalDni,
  actividad_id: id.optional(),
  partesdiarios_det: parteLine.optional(),
  /**
   * Meter readings at the start and the end of the day (docs/architecture.md, "Meter readings"): both or neither. The
   * forms require them on a new report; the API still takes a report without them (the spec's valuation items,
   * imports, and reports queued offline by a client older than the readings, which must not be refused on replay).
   */
  horometro_inicial: optionalLectura,
  horometro_final: optionalLectura,
  editorMode,
});
export type ParteFields = z.infer<typeof parteFields>;

/** Readings come in pairs: one sent (a number) needs the other; both null clears them, both missing keeps them. */
function bothReadingsOrNone(v: Pick<ParteFields, 'horometro_inicial' | 'horometro_final'>, ctx: z.RefinementCtx) {
  const ini = v.horometro_inicial;
  const fin = v.horometro_final;
  if ((ini == null) === (fin == null)) return;
  const path = ini == null ? 'horometro_inicial' : 'horometro_final';
  ctx.addIssue({ code: 'custom', message: FIELD.required, path: [path] });
}

const REQUIRED_FOR_NEW = ['nro_parte_interno', 'maquinaria_id', 'actividad_id', 'partesdiarios_det'] as const;

/** A new report (no `parte_id`) needs every field and an operator by id or DNI. */
function requireNewFields(v: ParteFields, ctx: z.RefinementCtx) {
  bothReadingsOrNone(v, ctx);
  if (v.parte_id != null) return;
  for (const field of REQUIRED_FOR_NEW)
    if (v[field] === undefined) ctx.addIssue({ code: 'custom', message: FIELD.required, path: [field] });
  for (const field of ['costo_det_id', 'cantid'] as const)
    if (v.partesdiarios_det && v.partesdiarios_det[field] === undefined)
      ctx.addIssue({ code: 'custom', message: FIELD.required, path: ['partesdiarios_det', field] });
  if (v.operador_id == null && v.dni == null) ctx.addIssue({ code: 'custom', message: FIELD.required, path: ['dni'] });
}

/** Body of POST/PUT /api/partesdiarios (the report's id, when sent, is the path's). */
export const parteDiarioBody = z.preprocess(
  normalizeParte,
  parteFields.superRefine((v, ctx) => requireNewFields({ ...v, parte_id: null }, ctx)),
);
export type ParteDiarioBody = z.infer<typeof parteDiarioBody>;

/** An item of a valuation's `partesdiarios`: an existing report by `parte_id` (fields optional) or a new one. */
export const valorizaParteItem = z.preprocess(normalizeParte, parteFields.superRefine(requireNewFields));

/** Filter: machine (0 = all), dates; `sin_valorizar` keeps only unbilled reports (the valuation's picker). */
export const parteListBody = maquinariaDateRange(RANGE_MONTHS.partesdiarios, { sin_valorizar: z.boolean().nullish() });

export const parteLineRow = z.object({
  pd_detalle_id: z.number(),
  parte_id: z.number(),
  costo_det_id: z.number(),
  servicio: z.string(),
  unidad: z.enum(UNIDADES),
  cantid: z.number(),
  old_cantidad: z.number(),
  preuni: z.number(),
  pretot: z.number(),
  costos_det: z.object({ costo_det_id: z.number(), precio: z.number() }),
});

export const parteRow = z.object({
  parte_id: z.number(),
  nro_parte_interno: z.string(),
  fecha: dateOut,
  maquinaria_id: z.number(),
  /** Machine description. */
  maquinaria: z.string(),
  placa: z.string(),
  operador_id: z.number(),
  dni_operador: z.string(),
  nombre_operador: z.string(),
  actividad_id: z.number(),
  actividad: z.string(),
  costo_det_id: z.number(),
  servicio: z.string(),
  unidad: z.enum(UNIDADES),
  cantid: z.number(),
  preuni: z.number(),
  pretot: z.number(),
  monto: z.number(),
  /** The valuation that bills it; null = unbilled. */
  valoriza_id: z.number().nullable(),
  /** The machine's meter: true hour meter (h), false odometer (km); labels the readings. */
  horometro: z.boolean(),
  /** Meter readings at the start and the end of the day; null on a report without readings. */
  horometro_inicial: z.number().nullable(),
  horometro_final: z.number().nullable(),
  created_at: timestampOut,
});
export type ParteRow = z.infer<typeof parteRow>;

export const parteDetail = parteRow.extend({
  operador: z.object({ operador_id: z.number(), dni: z.string(), nombres: z.string() }),
  partesdiarios_det: parteLineRow,
});
export type ParteDetail = z.infer<typeof parteDetail>;

/** Body of the readings' correction: both readings and why they change (audited). */
export const corregirLecturasBody = z.object({
  horometro_inicial: lectura,
  horometro_final: lectura,
  motivo: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().min(1, MSG.readingCorrectionReason).max(500)),
});
export type CorregirLecturasBody = z.infer<typeof corregirLecturasBody>;

export const partesdiariosApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/partesdiarios/list',
    summary: 'Partes diarios de una máquina (0 = todas) entre dos fechas; `sin_valorizar` deja solo los no facturados',
    description: rangeDoc(RANGE_MONTHS.partesdiarios),
    access: READERS.partes,
    body: parteListBody,
    answer: z.array(parteRow),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/partesdiarios/:id',
    summary: 'Un parte diario con su operador y su línea de servicio',
    access: READERS.partes,
    params: idParam,
    answer: parteDetail,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/partesdiarios',
    summary: 'Registra un parte diario con su línea de servicio (el precio, si no se envía, es el del costo)',
    access: [ROLE.parteDiarioNuevo],
    idempotent: true,
    body: parteDiarioBody,
    answer: parteDetail,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/partesdiarios/:id',
    summary: 'Edita un parte diario que aún no está valorizado (uno facturado se rechaza con 403); la máquina no cambia',
    access: [ROLE.parteDiarioEditar],
    idempotent: true,
    params: idParam,
    body: parteDiarioBody,
    answer: parteDetail,
  }),
  corregirLecturas: endpoint({
    method: 'PUT',
    path: '/api/partesdiarios/:id/lecturas',
    summary:
      'Corrige las lecturas (horómetro o kilometraje inicial y final) de un parte, valorizado o no, con un motivo; se auditan y se vuelven a verificar contra los partes vecinos (422)',
    access: [ROLE.lecturaCorregir],
    idempotent: true,
    params: idParam,
    body: corregirLecturasBody,
    answer: parteDetail,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/partesdiarios/:id',
    summary: 'Elimina un parte diario que aún no está valorizado (uno facturado se rechaza con 403)',
    access: [ROLE.parteDiarioEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
  }),
} as const;
