// How the spec's forms send values, normalised before validation: '' for an empty field, numbers typed in a
// numeric input, and the machine as an object (`maquinaria.id`) instead of `maquinaria_id`.
import { z } from 'zod';

/** '' (or only spaces) means "none". */
export const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A number where text is expected (an order number, a report number or a DNI typed in a numeric input) is read as its digits. */
export const asText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);

/** `schema` over a form body whose machine may come as `maquinaria: { id }`. */
export function withMaquinariaId<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    const o = v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
    const maq = o?.maquinaria && typeof o.maquinaria === 'object' ? (o.maquinaria as Record<string, unknown>) : null;
    return o && o.maquinaria_id == null && maq ? { ...o, maquinaria_id: maq.id } : v;
  }, schema);
}
