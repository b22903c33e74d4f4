// zod building blocks of the REST contract shared by every resource (Spanish field messages).
import { z } from 'zod';
import { FIELD } from '../messages';
import { boundedRange } from './ranges';

/** Numeric strings become numbers; anything else (null, '', true, arrays) is left for the number check to refuse. */
const toNumber = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);
/** A number, or a numeric string as the spec's client sends form values; z.coerce would turn null/''/true into 0/1. */
export const numeric = <T extends z.ZodType>(schema: T) => z.preprocess(toNumber, schema);

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A type error's message: 'Campo obligatorio' when nothing was given, `message` (the format) otherwise. */
export const requiredOr = (message: string) => (iss: { input?: unknown }) => (isEmpty(iss.input) ? FIELD.required : message);

/**
 * Positive integer id in a path or body (accepts numeric strings, as the spec's client sends form values). Nothing
 * chosen (missing, empty, or a select's 0) says the field is required, not that its value is invalid.
 */
export const id = numeric(
  z
    .number({ error: requiredOr(FIELD.integer) })
    .int(FIELD.integer)
    .refine((n) => n !== 0, { message: FIELD.required, abort: true })
    .positive(FIELD.invalidValue)
    .max(2_147_483_647, FIELD.invalidValue),
);
export const idParam = z.object({ id });

/** Optional id: '', 0, null and missing all mean "none". */
export const optionalId = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : v),
  id.nullish().transform((v) => v ?? null),
);

/** The id of a trash entry: the entry itself, or the first of `fields` an object carries; null when it has none. */
const trashId = (v: unknown, fields: string[]) => {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return fields.map((f) => o[f]).find((x) => x !== undefined && x !== null && x !== '') ?? null;
};

/**
 * Removed lines: ids or line objects carrying the id field (or one of the other `fields`). An entry without an
 * id, a line added and removed again before the save, is dropped: there is nothing stored to remove.
 */
export const trashOf = (...fields: string[]) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => trashId(x, fields)).filter((x) => x !== null && x !== undefined && x !== '') : v),
    z
      .array(id)
      .max(500)
      .nullish()
      .transform((v) => v ?? []),
  );

/** No control characters but line breaks and tabs (PostgreSQL refuses NUL in text: it must be a 400, not a 500). */
const printable = (s: string) => ![...s].some((c) => c.charCodeAt(0) < 32 && c !== '\n' && c !== '\r' && c !== '\t');

export const text = (max: number, min = 1) =>
  z
    .string({ error: FIELD.required })
    .trim()
    .min(min, min <= 1 ? FIELD.required : FIELD.tooShort(min))
    .max(max, FIELD.tooLong(max))
    .refine(printable, FIELD.invalidValue);

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, FIELD.tooLong(max))
    .refine(printable, FIELD.invalidValue)
    .nullish()
    .transform((v) => (v ? v : null));

export const dateStr = z
  .string({ error: FIELD.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, FIELD.date)
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), FIELD.date);

export const state01 = numeric(z.number({ error: FIELD.state01 }).int(FIELD.state01).min(0, FIELD.state01).max(1, FIELD.state01));

/** Quantities and money: numbers (or numeric strings) with at most 2 decimals, below 10^10. */
export const amount = numeric(
  z
    .number({ error: FIELD.number })
    .finite(FIELD.number)
    .min(0, FIELD.nonNegative)
    .max(9_999_999_999.99, FIELD.invalidValue)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, FIELD.twoDecimals),
);

export const positiveAmount = amount.refine((n) => n > 0, FIELD.positive);

/** An empty DNI or RUC says it is required; a number of the wrong shape, the shape it needs. */
export const dni = z
  .string({ error: requiredOr(FIELD.dni) })
  .min(1, FIELD.required)
  .regex(/^\d{8}$/, FIELD.dni);
export const ruc = z
  .string({ error: requiredOr(FIELD.ruc) })
  .min(1, FIELD.required)
  .regex(/^\d{11}$/, FIELD.ruc);

export const editorMode = z.enum(['crear', 'editar']).optional();

/**
 * Date-range list filter (fini/ffin), both required and at most `months` apart (contract/ranges.ts), plus the
 * list's other fields.
 */
export const dateRange = <S extends z.ZodRawShape = Record<never, never>>(months: number, extra?: S) =>
  z.object({ fini: dateStr.nullish(), ffin: dateStr.nullish(), ...(extra as S) }).superRefine(boundedRange(months));

/** Filter by machine and dates: maquinaria_id 0 or missing means all (spec 'Todos'); the range as `dateRange`. */
export const maquinariaDateRange = <S extends z.ZodRawShape = Record<never, never>>(months: number, extra?: S) =>
  dateRange(months, {
    maquinaria_id: numeric(
      z.number({ error: FIELD.integer }).int(FIELD.integer).min(0, FIELD.invalidValue).max(2_147_483_647, FIELD.invalidValue),
    ).nullish(),
    ...(extra as S),
  });

/** Answer fields: a calendar date (`YYYY-MM-DD`, Lima) and an instant (ISO 8601 UTC, as `Date.toISOString`). */
export const dateOut = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const timestampOut = z.iso.datetime();

export const messageResponse = z.object({ message: z.string() });

/** Every error answer: a Spanish message, field messages for invalid input, and a few documented extras. */
export const errorResponse = z.looseObject({ message: z.string(), errors: z.record(z.string(), z.string()).optional() });
export type DateRange = z.infer<ReturnType<typeof dateRange>>;

/** Year of a purchase or service order: from 2022 (the server also refuses a year after its own). */
export const orderYear = numeric(
  z.number({ error: FIELD.integer }).int(FIELD.integer).min(2022, FIELD.orderYearFrom).max(2100, FIELD.invalidValue),
);
