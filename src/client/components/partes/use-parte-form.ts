// The daily-report form's state: react-hook-form judged by the contract's report schema, the gate that says why
// Grabar is disabled, each field's message, and the report item built from the form's values.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { parteDiarioBody } from '@shared/contract/partesdiarios';
import { formatAmount } from '@shared/domain/money';
import { lineTotal } from '@shared/domain/valoriza';
import { LABELS } from '@shared/messages';
import { FORM_VALIDATION } from '../form-field';
import { contractResolver, useFormGate } from '../form-gate';
import type { ParteItem } from './parte-item';

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
};

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
});

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
  const form = useForm<Values, unknown, Values>({
    resolver: contractResolver(parteDiarioBody),
    defaultValues: valuesOf(initial, defaultFecha),
    ...FORM_VALIDATION,
  });
  const { formState, setError, trigger, watch } = form;
  const gate = useFormGate({ schema: parteDiarioBody, values: watch(), labels: FIELDS, dirty: formState.isDirty });

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
  };
  return { form, gate, errors };
}

export type ParteForm = ReturnType<typeof useParteForm>;
