// Machinery contract: the machine body of the create/edit modal, the list row with
// its parts' wear (counter, band, forecast) and current meter, the vehicle suggestions, the part assignment,
// removal and change bodies and answers, the queries of the wear and maintenance PDFs, and the endpoints.
import { z } from 'zod';
import { MENU, ROLE, READERS } from '../auth/permissions';
import { limaDate } from '../domain/dates';
import { FIELD, MSG } from '../messages';
import {
  amount,
  dateOut,
  dateStr,
  id,
  idParam,
  messageResponse,
  numeric,
  optionalId,
  optionalText,
  positiveAmount,
  requiredOr,
  text,
  timestampOut,
} from './common';
import { endpoint, fileAnswer } from './endpoint';
import { blankToNull, withMaquinariaId } from './form-values';

export { type SearchHorasAnswer } from './insumos';

/** The three route types of the machinery list (`maquinaria/{tipo}`, `reporte_maquinaria/{tipo}`). */
export const MAQUINARIA_TIPOS = ['admin', 'mantenimiento', 'reporte'] as const;
export type MaquinariaTipo = (typeof MAQUINARIA_TIPOS)[number];

type Raw = Record<string, unknown>;
const obj = (v: unknown): Raw | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Raw) : null);
const pick = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null && v !== '');

// ---------------------------------------------------------------------------------------------------------
// Machine create / edit (POST /api/maquinarias, PUT /api/maquinarias/:id)
// ---------------------------------------------------------------------------------------------------------

/** Plates are kept upper case ('ega-101' and 'EGA-101' are the same plate): letters, digits, dash or space. */
export const placa = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').toUpperCase() : v),
  z
    .string({ error: FIELD.required })
    .min(1, FIELD.required)
    .max(20, FIELD.tooLong(20))
    .regex(/^[A-Z0-9Ñ]+(?:[- ][A-Z0-9Ñ]+)*$/, MSG.plateInvalid),
);

/** Year of manufacture: digits only (a number or a digit string), 1950 to next year. */
const anioFabrica = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: requiredOr(FIELD.digits) })
    .int(FIELD.digits)
    .min(1950, FIELD.manufactureYearFrom)
    .refine((y) => y <= Number(limaDate().slice(0, 4)) + 1, FIELD.manufactureYearTo),
);

/** HOROMETRO (true, default) or KILOMETRAJE (false); the forms may send 'true'/'false', 1/0 or the label. */
const meterFlag = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return true;
    if (v === 'true' || v === 1 || v === '1' || v === 'HOROMETRO') return true;
    if (v === 'false' || v === 0 || v === '0' || v === 'KILOMETRAJE') return false;
    return v;
  },
  z.boolean({ error: FIELD.meterType }),
);

const estado = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : v),
  numeric(z.number({ error: FIELD.machineState }).int(FIELD.machineState).min(0, FIELD.machineState).max(3, FIELD.machineState)),
);

/** The modal's raw form: `año_fabrica` (also read from `anio_fabrica`); unknown keys (editorMode, insumos) dropped. */
export const maquinariaBody = z.preprocess(
  (v) => {
    const o = obj(v);
    return o ? { ...o, año_fabrica: pick(o['año_fabrica'], o.anio_fabrica) } : v;
  },
  z.object({
    placa,
    descripcion: text(200),
    marca: text(100),
    modelo: optionalText(100),
    año_fabrica: anioFabrica,
    horometro: meterFlag,
    estado,
    /** Meter read on the machine when it is registered; the current meter adds the daily reports to it. */
    horometro_inicial: z.preprocess((v) => blankToNull(v) ?? 0, amount),
    /** The vehicle registry's id of the chosen plate (searchvehiculo). */
    veh_id: z.preprocess(blankToNull, id.nullish()).transform((v) => v ?? null),
    /** Why the state changes (an edit that changes `estado` needs it: it is kept in the machine's state history). */
    motivo: optionalText(500),
  }),
);
export type MaquinariaBody = z.infer<typeof maquinariaBody>;

// ---------------------------------------------------------------------------------------------------------
// Rows: a machine with its parts (GET /api/maquinarias), the parts of one (GET …/insumosbymaquinaria/:id)
// ---------------------------------------------------------------------------------------------------------

export const wearLevelSchema = z.enum(['info', 'warning', 'danger']);

/** One part assigned to a machine with its wear (shared/domain/wear.ts computes the same figures). */
export const maquinariaInsumo = z.object({
  insumo_maq_id: z.number(),
  maquinaria_id: z.number(),
  insumo_id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  horas_alerta: z.object({ hour_warning: z.number(), hour_critical: z.number() }),
  horas_limite: z.number(),
  /** Meter quantities (hours or km) of the machine's reports that count for the part since its last change. */
  contador: z.number(),
  nivel: wearLevelSchema,
  /** contador / horas_limite in %, 2 decimals, not clamped (the bar clamps: barWidth). */
  porcentaje: z.number(),
  /** Forecast date of reaching the limit; today when reached; null when the machine has not worked in 30 days. */
  fecha_limite: dateOut.nullable(),
  last_date_mantenimiento: dateOut.nullable(),
  /** Day the part was assigned (Lima): reports from that day count while it was never changed. */
  fecha_asignacion: dateOut,
  create_insumo_maq: timestampOut,
  /** The machine's meter type (true hours, false km). */
  horometro: z.boolean(),
  /** The machine's average daily meter over the last 30 days (4 decimals), the forecast's base. */
  uso_diario: z.number(),
});
export type MaquinariaInsumo = z.infer<typeof maquinariaInsumo>;

export const maquinariaRow = z.object({
  id: z.number(),
  descripcion: z.string(),
  marca: z.string(),
  modelo: z.string().nullable(),
  placa: z.string(),
  estado: z.number(),
  año_fabrica: z.number(),
  horometro: z.boolean(),
  horometro_inicial: z.number(),
  /** horometro_inicial + the meter quantities of all its daily reports. */
  horometro_actual: z.number(),
  uso_diario: z.number(),
  veh_id: z.number().nullable(),
  /** Parts by assignment order, each with its band (the list's Warning/Danger badges) and forecast. */
  insumos: z.array(maquinariaInsumo),
});
export type MaquinariaRow = z.infer<typeof maquinariaRow>;

export const maquinariaIdParam = z.object({ id });

// ---------------------------------------------------------------------------------------------------------
// Vehicle registry suggestions (GET /api/maquinarias/searchvehiculo/:term)
// ---------------------------------------------------------------------------------------------------------

export const vehiculoTermParam = z.object({ term: z.string().trim().min(1, FIELD.required).max(50, FIELD.tooLong(50)) });

export const vehiculoSuggestion = z.object({
  veh_id: z.number(),
  veh_placa: z.string(),
  marca: z.string().nullable(),
  modelo: z.string().nullable(),
  anio: z.number().nullable(),
  descripcion: z.string().nullable(),
  /** The registered machine with this plate (any case), or null: the modal marks the plate invalid. */
  maquinaria_id: z.number().nullable(),
});
export type VehiculoSuggestion = z.infer<typeof vehiculoSuggestion>;
export const searchVehiculoAnswer = z.object({ items: z.array(vehiculoSuggestion) });
export type SearchVehiculoAnswer = z.infer<typeof searchVehiculoAnswer>;

// ---------------------------------------------------------------------------------------------------------
// ASIGNAR INSUMOS (POST /api/maquinarias/asignar), removal (POST /api/maquinarias/deletemaqinsumo)
// ---------------------------------------------------------------------------------------------------------

/** One part of the assign form; `horas_alerta`/`horas_limite` are read too (the search_horas shape). */
export const asignarInsumo = z.preprocess(
  (v) => {
    const o = obj(v);
    if (!o) return v;
    const alerta = obj(o.horas_alerta);
    return {
      ...o,
      insumo: pick(o.insumo, o.insumo_id, obj(o.insumo)?.id),
      hour_warning: pick(o.hour_warning, alerta?.hour_warning),
      hour_critical: pick(o.hour_critical, alerta?.hour_critical),
      hour_limite: pick(o.hour_limite, o.horas_limite),
    };
  },
  z
    .object({
      /** Present on parts already assigned (the form sends the whole machine): they are left as they are. */
      insumo_maq_id: id.optional(),
      insumo: id,
      insumo_name: z.string().optional(),
      insumo_codigo: z.string().optional(),
      hour_warning: amount,
      hour_critical: amount,
      hour_limite: positiveAmount,
    })
    .refine((p) => p.hour_warning <= p.hour_critical, { message: FIELD.hoursOrder, path: ['hour_critical'] })
    .refine((p) => p.hour_critical <= p.hour_limite, { message: FIELD.hoursOrder, path: ['hour_limite'] }),
);
export type AsignarInsumo = z.infer<typeof asignarInsumo>;

export const asignarBody = z.preprocess(
  (v) => {
    const o = obj(v);
    return o ? { ...o, id: pick(o.id, o.maquinaria_id) } : v;
  },
  z.object({
    id,
    insumos: z.array(asignarInsumo, { error: MSG.entryNoLines }).min(1, MSG.entryNoLines).max(200),
  }),
);
export type AsignarBody = z.infer<typeof asignarBody>;

/** Answer of asignar: the machine's parts after the save. */
export const asignarAnswer = z.object({ message: z.string(), data: z.array(maquinariaInsumo) });
export type AsignarAnswer = z.infer<typeof asignarAnswer>;

/** A part's new thresholds (warning ≤ alert ≤ limit), as ASIGNAR's fields send them. */
export const maqInsumoHorasBody = z
  .object({ hour_warning: amount, hour_critical: amount, hour_limite: positiveAmount })
  .refine((p) => p.hour_warning <= p.hour_critical, { message: FIELD.hoursOrder, path: ['hour_critical'] })
  .refine((p) => p.hour_critical <= p.hour_limite, { message: FIELD.hoursOrder, path: ['hour_limite'] });
export type MaqInsumoHorasBody = z.infer<typeof maqInsumoHorasBody>;

export const deleteMaqInsumoBody = z.preprocess((v) => {
  const o = obj(v);
  return o ? { ...o, id: pick(o.id, o.insumo_maq_id) } : typeof v === 'number' || typeof v === 'string' ? { id: v } : v;
}, z.object({ id }));

// ---------------------------------------------------------------------------------------------------------
// Cambiar Insumos (POST /api/maquinarias/cambiarinsumo)
// ---------------------------------------------------------------------------------------------------------

/**
 * The change form: the selected parts (`checkeds`, or `insumo_maq_id` alone) of one machine. The server reads
 * `horometro_pdiario` (the meter from the reports at the change date) itself; the sent value is ignored.
 */
export const cambiarInsumoBody = withMaquinariaId(
  z
    .object({
      maquinaria_id: id,
      insumo_maq_id: id.optional(),
      checkeds: z.array(id).max(200).optional(),
      fecha: dateStr.refine((d) => d <= limaDate(), FIELD.changeDateFuture),
      observacion: text(500),
      horometro_pdiario: z.preprocess(blankToNull, amount.nullish()),
      horometro_vehiculo: z.preprocess(blankToNull, amount),
    })
    .transform(({ checkeds, insumo_maq_id, ...rest }) => ({
      ...rest,
      checkeds: [...new Set(checkeds?.length ? checkeds : insumo_maq_id ? [insumo_maq_id] : [])],
    }))
    .refine((v) => v.checkeds.length > 0, { message: FIELD.selectSupply, path: ['checkeds'] }),
);
export type CambiarInsumoBody = z.infer<typeof cambiarInsumoBody>;

/** One row of a part's change history (also the maintenance report's line). */
export const cambioInsumoRow = z.object({
  id: z.number(),
  insumo_maq_id: z.number().nullable(),
  maquinaria_id: z.number(),
  placa: z.string(),
  insumo_id: z.number(),
  insumo_codigo: z.string(),
  insumo_name: z.string(),
  fecha: dateOut,
  observacion: z.string(),
  /** Meter from the daily reports at the change date. */
  horometro_pdiario: z.number(),
  /** Meter read on the machine. */
  horometro_vehiculo: z.number(),
  /** Hours the part accumulated until the change. */
  horas_acumuladas: z.number(),
  usuario: z.string().nullable(),
  created_at: timestampOut,
});
export type CambioInsumoRow = z.infer<typeof cambioInsumoRow>;

/** `retrieve_hours`: the most hours any changed part accumulated; 0 → MSG.noAccumulatedHours. */
export const cambiarInsumoAnswer = z.object({ data: z.array(cambioInsumoRow), retrieve_hours: z.number() });
export type CambiarInsumoAnswer = z.infer<typeof cambiarInsumoAnswer>;

// ---------------------------------------------------------------------------------------------------------
// PDFs: wear (viewpdfgraficos?id=) and maintenance (viewpdfmantenimiento?id=&fini=&ffin=)
// ---------------------------------------------------------------------------------------------------------

/** `id`: one id, a comma list or repeated, 0 (or none) = all machines; answers null for all. */
export const maquinariaIdsParam = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [0];
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
    return parts.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  },
  z
    .array(numeric(z.number({ error: FIELD.integer }).int(FIELD.integer).min(0, FIELD.invalidValue).max(2_147_483_647, FIELD.invalidValue)))
    .max(1000)
    .transform((ids) => (ids.length === 0 || ids.includes(0) ? null : [...new Set(ids)])),
);

export const pdfGraficosQuery = z.object({ id: maquinariaIdsParam });

/** rep_mantenimiento and the machine list's date-range report. */
export const pdfMantenimientoQuery = z
  .object({ id: maquinariaIdsParam, fini: dateStr, ffin: dateStr })
  .refine((v) => v.fini <= v.ffin, { message: FIELD.dateRangeOrder, path: ['ffin'] });

/** The `id` of a PDF query: the machines' ids, or 0 for all of them (none, or 0 among them). */
export const pdfIds = (ids: readonly number[] | null | undefined): readonly number[] | 0 =>
  !ids || ids.length === 0 || ids.includes(0) ? 0 : ids;

// ---------------------------------------------------------------------------------------------------------
// Machine state history and downtime (docs/architecture.md, "Machine state")
// ---------------------------------------------------------------------------------------------------------

export const ORIGENES_ESTADO = ['ALTA', 'MANUAL', 'FALLA', 'ORDEN', 'REPARACION'] as const;

/** At most this many intervals per answer (the newest first). */
export const ESTADOS_MAX = 500;

/** A date range (Lima days, both optional; default: the last 12 months up to today). */
export const estadosQuery = z
  .object({ fini: dateStr.optional(), ffin: dateStr.optional() })
  .refine((v) => !v.fini || !v.ffin || v.fini <= v.ffin, { message: FIELD.dateRangeOrder, path: ['ffin'] });

/** One interval of a machine's state: from `desde` until `hasta` (null: the current one), why, and who. */
export const estadoIntervalo = z.object({
  id: z.number(),
  maquinaria_id: z.number(),
  estado: z.number(),
  desde: timestampOut,
  hasta: timestampOut.nullable(),
  origen: z.enum(ORIGENES_ESTADO),
  /** The failure, repair or order that caused it. */
  ref_id: z.number().nullable(),
  motivo: z.string().nullable(),
  usuario: z.string().nullable(),
});
export type EstadoIntervalo = z.infer<typeof estadoIntervalo>;

/** Downtime: time not OPERATIVO within a date range (up to now), per machine, and the availability. */
export const disponibilidadBody = z
  .object({
    /** 0 or none: every machine. */
    maquinaria_id: optionalId,
    fini: dateStr,
    ffin: dateStr,
  })
  .refine((v) => v.fini <= v.ffin, { message: FIELD.dateRangeOrder, path: ['ffin'] });

export const disponibilidadRow = z.object({
  maquinaria_id: z.number(),
  placa: z.string(),
  descripcion: z.string(),
  estado: z.number(),
  /** Hours of the range (up to now, from the machine's registration) the machine was known. */
  horas_periodo: z.number(),
  /** Hours not OPERATIVO in the range (2 decimals). */
  horas_detenida: z.number(),
  /** OPERATIVO hours / hours of the period, in % (2 decimals); 100 for a period of no length. */
  disponibilidad: z.number(),
});
export type DisponibilidadRow = z.infer<typeof disponibilidadRow>;

/** The endpoints of machinery: machines, their parts and wear, part changes and the two PDFs. */
export const maquinariasApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/maquinarias',
    summary: 'Máquinas con el desgaste de cada insumo asignado y el medidor actual, por placa descendente',
    access: READERS.maquinarias,
    answer: z.array(maquinariaRow),
  }),
  parts: endpoint({
    method: 'GET',
    path: '/api/maquinarias/insumosbymaquinaria/:id',
    summary: 'Insumos asignados a una máquina con su contador, nivel, porcentaje y fecha límite prevista',
    access: READERS.maquinariaDetalle,
    params: maquinariaIdParam,
    answer: z.array(maquinariaInsumo),
  }),
  searchVehiculo: endpoint({
    method: 'GET',
    path: '/api/maquinarias/searchvehiculo/:term',
    summary: 'Vehículos del registro externo cuya placa contiene el texto, con la máquina ya registrada con esa placa',
    access: [ROLE.maquinariaNuevo],
    params: vehiculoTermParam,
    answer: searchVehiculoAnswer,
  }),
  pdfGraficos: endpoint({
    method: 'GET',
    path: '/api/maquinarias/viewpdfgraficos',
    summary: 'PDF del desgaste: por máquina, una barra por insumo con lo usado, el límite, el porcentaje y la fecha prevista',
    description: '`id`: un id, una lista separada por comas, o 0 (o nada) para todas las máquinas.',
    access: [ROLE.maquinariaPdf, MENU.reporteMaquinaria],
    query: pdfGraficosQuery,
    answer: fileAnswer('application/pdf'),
  }),
  pdfMantenimiento: endpoint({
    method: 'GET',
    path: '/api/maquinarias/viewpdfmantenimiento',
    summary: 'PDF del mantenimiento: los cambios de insumos entre dos fechas, por placa y fecha',
    description: '`id`: un id, una lista separada por comas, o 0 (o nada) para todas las máquinas; `fini` no puede ser posterior a `ffin`.',
    access: [MENU.reporteMantenimiento, MENU.reporteMaquinaria, MENU.mantenimientoPreventivo, ROLE.maquinariaPdf],
    query: pdfMantenimientoQuery,
    answer: fileAnswer('application/pdf'),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/maquinarias',
    summary: 'Registra una máquina',
    description: 'La placa se registra una sola vez, en mayúsculas o minúsculas: una placa ya registrada es un 409.',
    access: [ROLE.maquinariaNuevo],
    idempotent: true,
    body: maquinariaBody,
    answer: maquinariaRow,
    status: 201,
    errors: [409],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/maquinarias/:id',
    summary: 'Edita una máquina',
    description: 'La placa no puede ser la de otra máquina (409).',
    access: [ROLE.maquinariaEditar],
    idempotent: true,
    params: maquinariaIdParam,
    body: maquinariaBody,
    answer: maquinariaRow,
    errors: [409],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/maquinarias/:id',
    summary: 'Elimina una máquina',
    description:
      'Una máquina con salidas, pedidos, partes diarios, fallas, reparaciones o cambios de insumos no se elimina (403 con el motivo).',
    access: [ROLE.maquinariaEditar],
    idempotent: true,
    params: maquinariaIdParam,
    answer: messageResponse,
  }),
  asignar: endpoint({
    method: 'POST',
    path: '/api/maquinarias/asignar',
    summary: 'Asigna insumos a una máquina con sus horas de advertencia, alerta y límite; un insumo ya asignado queda como está',
    access: [ROLE.maquinariaAsignarInsumos],
    idempotent: true,
    body: asignarBody,
    answer: asignarAnswer,
  }),
  updateMaqInsumo: endpoint({
    method: 'PUT',
    path: '/api/maquinarias/insumos/:id',
    summary: 'Cambia las horas de advertencia, alerta y límite de un insumo asignado; su contador sigue igual',
    description: 'Las horas deben cumplir advertencia ≤ alerta ≤ límite (400); 404 si la asignación no existe.',
    access: [ROLE.maquinariaAsignarInsumos],
    idempotent: true,
    params: idParam,
    body: maqInsumoHorasBody,
    answer: asignarAnswer,
  }),
  deleteMaqInsumo: endpoint({
    method: 'POST',
    path: '/api/maquinarias/deletemaqinsumo',
    summary: 'Quita un insumo asignado a una máquina; su historial de cambios se conserva',
    access: [ROLE.maquinariaAsignarInsumos],
    idempotent: true,
    body: deleteMaqInsumoBody,
    answer: messageResponse,
  }),
  cambiarInsumo: endpoint({
    method: 'POST',
    path: '/api/maquinarias/cambiarinsumo',
    summary: 'Cambia insumos de una máquina en una fecha: guarda las horas acumuladas de cada uno y reinicia su contador',
    description:
      'La fecha no puede ser futura ni anterior a la asignación o al último cambio del insumo (400). `retrieve_hours` es lo más que acumuló un insumo cambiado.',
    access: [ROLE.maquinariaCambiarInsumos],
    idempotent: true,
    body: cambiarInsumoBody,
    answer: cambiarInsumoAnswer,
  }),
  estados: endpoint({
    method: 'GET',
    path: '/api/maquinarias/:id/estados',
    summary: 'Historial de estados de una máquina: cada intervalo con su origen, motivo y usuario, el más reciente primero',
    description: `Intervalos que se cruzan con el rango (por defecto, los últimos 12 meses); a lo más ${ESTADOS_MAX}.`,
    access: READERS.maquinariaDetalle,
    params: maquinariaIdParam,
    query: estadosQuery,
    answer: z.array(estadoIntervalo),
  }),
  disponibilidad: endpoint({
    method: 'POST',
    path: '/api/maquinarias/disponibilidad',
    summary: 'Tiempo detenida (no OPERATIVO) y disponibilidad de cada máquina entre dos fechas, hasta ahora',
    access: READERS.maquinariaDetalle,
    body: disponibilidadBody,
    answer: z.array(disponibilidadRow),
  }),
} as const;
