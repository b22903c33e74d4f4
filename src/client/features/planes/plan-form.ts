// The plan editor's task as the form keeps it (numbers as typed text, as NumericInput gives them), to and from the
// contract's task body, the trigger in words ('Cada 250 h o 90 días') and the next due a new task will get: the same
// primerVencimiento the server applies.
import type { TareaInput, TareaRow } from '@shared/contract/planes';
import { primerVencimiento, type Programacion } from '@shared/domain/planes';
import { LABELS } from '@shared/messages';
import { formatMeasure } from '@client/lib/format';

const L = LABELS.planes;

export interface TareaForm {
  tarea_id?: number;
  nombre: string;
  cada_medidor: string;
  cada_dias: string;
  margen_medidor: string;
  margen_dias: string;
  programacion: Programacion;
  checklist: string[];
  insumos: number[];
  base_fecha: string;
  base_medidor: string;
  activo: boolean;
  /** Stored next due (an edited task), shown in the tasks table. */
  proximo_medidor?: number | null;
  proximo_fecha?: string | null;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A new task: base today and the machine's current meter. */
export function emptyTarea(today: string, meter: number): TareaForm {
  return {
    nombre: '',
    cada_medidor: '',
    cada_dias: '',
    margen_medidor: '',
    margen_dias: '',
    programacion: 'FIJA',
    checklist: [],
    insumos: [],
    base_fecha: today,
    base_medidor: text(meter),
    activo: true,
  };
}

export function tareaFormOf(t: TareaRow): TareaForm {
  return {
    tarea_id: t.tarea_id,
    nombre: t.nombre,
    cada_medidor: text(t.cada_medidor),
    cada_dias: text(t.cada_dias),
    margen_medidor: t.margen_medidor ? text(t.margen_medidor) : '',
    margen_dias: t.margen_dias ? text(t.margen_dias) : '',
    programacion: t.programacion,
    checklist: t.checklist,
    insumos: t.insumos,
    base_fecha: t.base_fecha,
    base_medidor: text(t.base_medidor),
    activo: t.activo,
    proximo_medidor: t.proximo_medidor,
    proximo_fecha: t.proximo_fecha,
  };
}

/** The body of the task (blank numbers are none; blank checklist items are left out). */
export function tareaInputOf(f: TareaForm): TareaInput {
  return {
    ...(f.tarea_id ? { tarea_id: f.tarea_id } : {}),
    nombre: f.nombre,
    cada_medidor: f.cada_medidor,
    cada_dias: f.cada_dias,
    margen_medidor: f.margen_medidor,
    margen_dias: f.margen_dias,
    programacion: f.programacion,
    checklist: f.checklist.map((c) => c.trim()).filter((c) => c !== ''),
    insumos: f.insumos,
    base_fecha: f.base_fecha,
    base_medidor: f.base_medidor,
    activo: f.activo,
  };
}

const num = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? null : Number(s));

/** The next due the task shows: stored for a task whose schedule is unchanged, else counted from its base. */
export function proximoOf(f: TareaForm): { proximo_medidor: number | null; proximo_fecha: string | null } {
  if (f.proximo_medidor !== undefined && f.proximo_fecha !== undefined)
    return { proximo_medidor: f.proximo_medidor, proximo_fecha: f.proximo_fecha };
  return primerVencimiento(
    { cada_medidor: num(f.cada_medidor), cada_dias: num(f.cada_dias) },
    { fecha: f.base_fecha, medidor: num(f.base_medidor) ?? 0 },
  );
}

/** 'Cada 250 h o 90 días', 'Cada 5,000 km', 'Cada 30 días'. */
export function triggerText(t: { cada_medidor: number | null; cada_dias: number | null }, horometro: boolean): string {
  const meter = t.cada_medidor === null ? null : `${formatMeasure(t.cada_medidor)} ${horometro ? L.hours : L.km}`;
  const dias = t.cada_dias === null ? null : L.days(t.cada_dias);
  const what = L.trigger(meter, dias);
  return what ? `${L.every} ${what}` : '';
}

/** A task's schedule fields changed (the server then counts its next due again): the shown next due is recomputed. */
export function withScheduleEdit(before: TareaForm, after: TareaForm): TareaForm {
  const same =
    before.cada_medidor === after.cada_medidor &&
    before.cada_dias === after.cada_dias &&
    before.base_fecha === after.base_fecha &&
    before.base_medidor === after.base_medidor;
  if (same) return after;
  const { proximo_medidor: _m, proximo_fecha: _f, ...rest } = after;
  return rest;
}
