// The daily-report form's state: react-hook-form judged by the contract's report schema, the gate that says why
// Grabar is disabled, each field's message, and the report item built from the form's values. The form's schema adds
// the meter readings' rules to the contract's (docs/architecture.md, "Meter readings"): required on a new report (and
// on one that has them), and plausible against the machine's reports the device has and its pending ones
// (checkLectura, the server's rule), so a report that the server would refuse is not sent.
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { parteDiarioBody } from '@shared/contract/partesdiarios';
import { checkLectura, DEFAULT_KM_PER_DAY, type Lectura } from '@shared/domain/lecturas';
import { formatAmount } from '@shared/domain/money';
import { lineTotal } from '@shared/domain/valoriza';
import { FIELD, LABELS } from '@shared/messages';
import { FORM_VALIDATION } from '../form-field';
import { contractResolver, useFormGate } from '../form-gate';
import { useMachineLecturas } from './lecturas';
import { useInfoVenta, type ParteItem } from './parte-item';

const P = LABELS.partes;

export interface Values {
  nro_parte_interno: string;
  fecha: string;
  maquinaria_id: number | undefined;
  operador_id: number | null;
  dni: string;
  nombre_operador: string;
  actividad_id: number | undefined;
  partesdiarios_det: { pd_detalle_id: number | null; costo_det_id: number | undefined; cantid: string; preuni: string };
  horometro_inicial: string;
  horometro_final: string;
}

/** What the readings' rules of the form need beyond the values: read when the schema runs (see parteFormSchema). */
export interface LecturaContext {
  /** The report being edited (null: a new one). */
  parteId: number | null;
  /** Readings must be entered (a new report, or one that has them). */
  required: boolean;
  /** The machine's meter type (null: no machine chosen, or the catalogue is not loaded). */
  horometro: boolean | null;
  kmPorDia: number;
  /** The machine's other reports with readings, stored and pending. */
  others: readonly Lectura[];
}

/**
 * The contract's report schema plus the readings' rules of the form: both readings on a new report, and checkLectura
 * against the machine's reports on the device. `context` is read each time the schema runs, so the schema (and the
 * resolver built on it) stays one object while the machine's reports load.
 */
export function parteFormSchema(context: () => LecturaContext): z.ZodType {
  return parteDiarioBody.superRefine((v, ctx) => {
    const c = context();
    const ini = v.horometro_inicial;
    const fin = v.horometro_final;
    if (ini == null || fin == null) {
      if (!c.required) return;
      for (const [path, x] of [
        ['horometro_inicial', ini],
        ['horometro_final', fin],
      ] as const)
        if (x == null) ctx.addIssue({ code: 'custom', message: FIELD.required, path: [path] });
      return;
    }
    if (c.horometro === null || !v.fecha) return;
    const r: Lectura = {
      parte_id: c.parteId,
      nro_parte_interno: v.nro_parte_interno ?? '',
      fecha: v.fecha,
      horometro_inicial: ini,
      horometro_final: fin,
    };
    const refusal = checkLectura(r, c.others, { horometro: c.horometro, kmPorDia: c.kmPorDia });
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal.message, path: [refusal.field] });
  });
}

/** Field labels by body path, for 'Para grabar, revise …'. */
const FIELDS: Record<string, string> = {
  nro_parte_interno: P.number,
  fecha: P.date,
  maquinaria_id: P.machine,
  dni: P.operatorDni,
  actividad_id: P.activity,
  'partesdiarios_det.costo_det_id': P.service,
  'partesdiarios_det.cantid': P.quantity,
  'partesdiarios_det.preuni': P.unitPrice,
  horometro_inicial: P.readingInitial(null),
  horometro_final: P.readingFinal(null),
};

/** The labels with the readings named by the machine's meter. */
const fieldsFor = (horometro: boolean | null): Record<string, string> => ({
  ...FIELDS,
  horometro_inicial: P.readingInitial(horometro),
  horometro_final: P.readingFinal(horometro),
});
const reading = (n: number | null | undefined) => (n == null ? '' : String(n));

const valuesOf = (item: ParteItem | null, fecha: string): Values => ({
  nro_parte_interno: item?.nro_parte_interno ?? '',
  fecha: item?.fecha || fecha,
  maquinaria_id: item?.maquinaria_id || undefined,
  operador_id: item?.operador_id ?? null,
  dni: item?.dni ?? '',
  nombre_operador: item?.nombre_operador ?? '',
  actividad_id: item?.actividad_id || undefined,
  partesdiarios_det: {
    pd_detalle_id: item?.partesdiarios_det.pd_detalle_id ?? null,
    costo_det_id: item?.partesdiarios_det.costo_det_id || undefined,
    cantid: item ? String(item.partesdiarios_det.cantid) : '',
    preuni: item ? formatAmount(item.partesdiarios_det.preuni) : '',
  },
  horometro_inicial: reading(item?.horometro_inicial),
  horometro_final: reading(item?.horometro_final),
});

const readingOf = (s: string) => (s.trim() === '' ? null : Number(s));

/**
 * The item is built from the form's own values (the schema's output drops what the server does not read, such as the
 * operator's name the list shows).
 */
export function itemOfValues(v: Values, initial: ParteItem | null): ParteItem {
  const det = v.partesdiarios_det;
  return {
    parte_id: initial?.parte_id ?? null,
    nro_parte_interno: v.nro_parte_interno.trim(),
    fecha: v.fecha,
    maquinaria_id: v.maquinaria_id ?? 0,
    operador_id: v.operador_id,
    dni: v.dni,
    nombre_operador: v.nombre_operador,
    actividad_id: v.actividad_id ?? 0,
    partesdiarios_det: {
      pd_detalle_id: det.pd_detalle_id,
      costo_det_id: det.costo_det_id ?? 0,
      cantid: Number(det.cantid),
      preuni: Number(det.preuni),
      pretot: lineTotal(det.cantid, det.preuni),
    },
    monto: lineTotal(det.cantid, det.preuni),
    horometro_inicial: readingOf(v.horometro_inicial),
    horometro_final: readingOf(v.horometro_final),
    editorMode: initial?.parte_id ? 'editar' : 'crear',
  };
}

type FieldName = Parameters<ReturnType<typeof useForm<Values>>['setError']>[0];

/** The server's field names on the form's: `dni_operador` is `dni`, `partesdiarios_det.x` stays nested. */
export function fieldName(name: string): FieldName {
  const known: Record<string, FieldName> = { dni_operador: 'dni', operador_dni: 'dni', operador_id: 'dni' };
  return known[name] ?? (name as FieldName);
}

export function useParteForm(initial: ParteItem | null, defaultFecha: string, initialErrors: Record<string, string> | undefined) {
  const parteId = initial?.parte_id ?? null;
  const required = parteId === null || initial?.horometro_inicial != null;
  const context = useRef<LecturaContext>({ parteId, required, horometro: null, kmPorDia: DEFAULT_KM_PER_DAY, others: [] });
  // The resolver's schema stays one object; it reads the readings' context of the latest render.
  const schema = useMemo(() => parteFormSchema(() => context.current), []);
  const form = useForm<Values, unknown, Values>({
    resolver: contractResolver(schema),
    defaultValues: valuesOf(initial, defaultFecha),
    ...FORM_VALIDATION,
  });
  const { formState, setError, trigger, watch } = form;
  const info = useInfoVenta();
  const maquinariaId = useWatch({ control: form.control, name: 'maquinaria_id' });
  const others = useMachineLecturas(maquinariaId);
  const horometro = info.data?.maquinarias.find((m) => m.id === maquinariaId)?.horometro ?? null;
  const kmPorDia = info.data?.km_max_dia ?? DEFAULT_KM_PER_DAY;
  const lecturas = useMemo<LecturaContext>(
    () => ({ parteId, required, horometro, kmPorDia, others }),
    [parteId, required, horometro, kmPorDia, others],
  );
  context.current = lecturas;
  const labels = useMemo(() => fieldsFor(horometro), [horometro]);
  // The gate judges the values with this render's readings' context (a new schema object when it changes).
  const gateSchema = useMemo(() => parteFormSchema(() => lecturas), [lecturas]);
  const gate = useFormGate({ schema: gateSchema, values: watch(), labels, worked: formState });

  // A report opened to edit or correct is checked at once: Grabar is enabled when it is valid, and the server's
  // last refusal is marked on its fields.
  useEffect(() => {
    if (!initial) return;
    void trigger().then(() => {
      for (const [name, message] of Object.entries(initialErrors ?? {})) setError(fieldName(name), { message });
    });
  }, [initial, initialErrors, trigger, setError]);

  const own = formState.errors;
  // A field's own error, or the gate's first problem once the form has changes.
  const errors = {
    nro_parte_interno: gate.errorAt('nro_parte_interno', own.nro_parte_interno?.message),
    maquinaria_id: gate.errorAt('maquinaria_id', own.maquinaria_id?.message),
    dni: gate.errorAt('dni', own.dni?.message),
    actividad_id: gate.errorAt('actividad_id', own.actividad_id?.message),
    costo_det_id: gate.errorAt('partesdiarios_det.costo_det_id', own.partesdiarios_det?.costo_det_id?.message),
    cantid: gate.errorAt('partesdiarios_det.cantid', own.partesdiarios_det?.cantid?.message),
    preuni: gate.errorAt('partesdiarios_det.preuni', own.partesdiarios_det?.preuni?.message),
    horometro_inicial: gate.errorAt('horometro_inicial', own.horometro_inicial?.message),
    horometro_final: gate.errorAt('horometro_final', own.horometro_final?.message),
  };
  return { form, gate, errors, horometro, required };
}

export type ParteForm = ReturnType<typeof useParteForm>;
