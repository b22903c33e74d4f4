// Row schemas (zod, Spanish messages) of each importable source, with the column aliases they accept, and the
// shapes of a checked row and of a refused one.
import { z } from 'zod';
import { FIELD } from '@shared/messages';
import type { Cell } from './import-read';
import { toIsoDate } from './shared';

export const IMPORT_SOURCES = ['ordenes-compra', 'ordenes-servicio', 'personas', 'contribuyentes', 'vehiculos'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

const str = (v: Cell) => (v === null ? '' : v instanceof Date ? (toIsoDate(v) ?? '') : v.trim());
const cell = z.custom<Cell>(() => true).transform(str);

const required = (max: number) => cell.pipe(z.string().min(1, FIELD.required).max(max, FIELD.tooLong(max)));
const optional = (max: number) => cell.pipe(z.string().max(max, FIELD.tooLong(max))).transform((s) => s || null);
const date = (opt: boolean) =>
  z
    .custom<Cell>(() => true)
    .transform((v, ctx) => {
      if (v === null || (typeof v === 'string' && v.trim() === '')) {
        if (!opt) ctx.addIssue({ code: 'custom', message: FIELD.required });
        return null;
      }
      const d = toIsoDate(v instanceof Date ? v : v.trim());
      if (!d) ctx.addIssue({ code: 'custom', message: FIELD.date });
      return d;
    });
const int = (min: number, max: number) =>
  cell
    .pipe(z.string().min(1, FIELD.required).regex(/^\d+$/, FIELD.integer))
    .transform(Number)
    .pipe(z.number().min(min, FIELD.invalidValue).max(max, FIELD.invalidValue));
const quantity = cell
  .pipe(
    z
      .string()
      .min(1, FIELD.required)
      .regex(/^\d+([.,]\d{1,2})?$/, FIELD.number),
  )
  .transform((s) => Number(s.replace(',', '.')))
  .pipe(z.number().positive(FIELD.positive).max(9_999_999_999.99, FIELD.invalidValue));
/** An amount in soles with at most 2 decimals (a comma works as the point); empty: 0 (files from before the column). */
const optionalMonto = cell
  .pipe(z.union([z.literal(''), z.string().regex(/^\d+([.,]\d{1,2})?$/, FIELD.number)]))
  .transform((s) => (s ? Number(s.replace(',', '.')) : 0))
  .pipe(z.number().max(9_999_999_999.99, FIELD.invalidValue));
/** A unit price in soles, zero or more, kept to 4 decimals (a spreadsheet's computed price has more); empty is 0. */
const price = cell
  .pipe(z.union([z.literal(''), z.string().regex(/^\d+([.,]\d+)?$/, FIELD.number)]))
  .transform((s) => (s === '' ? 0 : Math.round(Number(s.replace(',', '.')) * 10_000) / 10_000))
  .pipe(z.number().max(9_999_999_999.9999, FIELD.invalidValue));
const ruc = cell.pipe(z.string().regex(/^\d{11}$/, FIELD.ruc));
const optRuc = cell.pipe(z.union([z.literal(''), z.string().regex(/^\d{11}$/, FIELD.ruc)])).transform((s) => s || null);
/** A DNI typed as a number in a spreadsheet loses its leading zero: 7 digits get it back. */
const dni = cell.pipe(z.string().regex(/^\d{7,8}$/, FIELD.dni)).transform((s) => s.padStart(8, '0'));

export const ROW_SCHEMAS = {
  personas: z.object({
    dni,
    prenombres: required(120),
    ap_primer: required(80),
    ap_segundo: optional(80).transform((s) => s ?? ''),
    direccion: optional(250),
    fecha_nac: date(true),
    celular: optional(20),
    email: optional(120).pipe(z.union([z.null(), z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, FIELD.email)])),
  }),
  contribuyentes: z.object({ ruc, razon_social: required(250), direccion: optional(250) }),
  vehiculos: z.object({
    veh_placa: required(20)
      .transform((s) => s.toUpperCase().replace(/\s+/g, ''))
      .pipe(z.string().regex(/^[A-Z0-9-]{4,10}$/, FIELD.plateFormat)),
    marca: optional(100),
    modelo: optional(100),
    anio: cell.pipe(z.union([z.literal(''), z.string().regex(/^\d{4}$/, FIELD.integer)])).transform((s) => (s ? Number(s) : null)),
    descripcion: optional(200),
  }),
  'ordenes-compra': z.object({
    orden_id: int(1, 2_147_483_647),
    nro_ordencompra: required(20),
    anio: int(1990, 2100),
    proveedor: required(250),
    proveedor_ruc: optRuc,
    fecha_ordencompra: date(false).pipe(z.string()),
    insumo_codigo: required(40),
    insumo_name: required(250),
    cantidad: quantity,
    unimed: required(20),
    cotidet_marca: optional(120),
    precio_unitario: price,
    nro_guiaremision: optional(40),
    fecha_guiaremision: date(true),
  }),
  'ordenes-servicio': z.object({
    orden_id: int(1, 2_147_483_647),
    nro_orden: required(20),
    anio: int(1990, 2100),
    orden_fechadoc: date(false).pipe(z.string()),
    pers_nombre: required(250),
    ordendet_item: int(0, 2_147_483_647),
    ordendet_desart: required(400),
    reqadj_actividades: optional(400),
    reqadj_garantia: optional(120),
    /** The item's amount in soles (what the repair cost). */
    monto: optionalMonto,
  }),
} satisfies Record<ImportSource, z.ZodType>;

export type SourceRow<S extends ImportSource> = z.infer<(typeof ROW_SCHEMAS)[S]>;

/** Other header names accepted for a column (after columnKey normalisation). */
export const ALIASES: Record<string, string[]> = {
  // Persons also under the names of the DNI lookup's answer (indiv_*).
  prenombres: ['indiv_nombres', 'nombres'],
  ap_primer: ['apprimer', 'apellido_paterno', 'ap_paterno', 'indiv_appaterno'],
  ap_segundo: ['apsegundo', 'apellido_materno', 'ap_materno', 'indiv_apmaterno'],
  direccion: ['indiv_direccion1'],
  fecha_nac: ['fecha_nacimiento', 'fechanacimiento', 'indiv_fechanac'],
  celular: ['indiv_celular'],
  email: ['indiv_email'],
  razon_social: ['razonsocial'],
  veh_placa: ['placa'],
  anio: ['ano'],
  nro_ordencompra: ['nro_orden_compra', 'orden_compra'],
  cotidet_marca: ['marca'],
  precio_unitario: ['precio', 'precio_unit', 'costo_unitario'],
  unimed: ['unidad', 'unimed_abrev'],
  monto: ['ordendet_monto', 'importe', 'ordendet_importe'],
};

/** Columns a file must have for a source (the schema fields that are not optional). */
export function requiredColumns(source: ImportSource): string[] {
  const shape = ROW_SCHEMAS[source].shape as Record<string, z.ZodType>;
  return Object.keys(shape).filter((k) => !shape[k].safeParse(null).success);
}

/** A row that passed its source's schema, with its line in the file. */
export interface ValidRow<S extends ImportSource> {
  line: number;
  row: SourceRow<S>;
}

/** A refused row: its line and the Spanish reason. */
export interface ImportIssue {
  line: number;
  message: string;
}
