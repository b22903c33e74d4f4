// Daily-report modal (50% width): internal number, date, machine (searchable, disabled when
// editing), operator DNI typeahead (8 digits) filling the name, activity (active ones, searchable), service (a
// cost line with its unit), quantity ('Ingrese solo numeros', ≥ 0), unit price (the chosen line's price, 2
// decimals) and total = quantity × unit price to 2 decimals, computed by the shared `lineTotal`. Validated by the
// contract's report schema: a disabled Grabar says which field to check, closing with changes asks first, and a
// refused save shows the server's reason in the modal and marks its fields. The same form serves the 'Partes diarios' screen (saved through the outbox), the
// correction of a rejected report (Sincronización) and the valuation modal (handed back, saved with it).
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { parteDiarioBody } from '@shared/contract/partesdiarios';
import { lineTotal } from '@shared/domain/valoriza';
import { formatAmount } from '@shared/domain/money';
import { LABELS } from '@shared/messages';
import { DateField, FORM_VALIDATION, TextField } from '@client/components/form-field';
import { FormModal } from '@client/components/form-modal';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { fieldErrorsOf } from '@client/components/save-refusal';
import { NumericInput } from '@client/components/numeric-input';
import { SearchableSelect } from '@client/components/searchable-select';
import { FieldError, Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { OperadorField } from '@client/components/operador-field';
import { describeParte, useInfoVenta, type ParteItem, type ParteOutboxMeta } from './api';

const P = LABELS.partes;

interface Values {
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

export interface ParteDialogProps {
  title: string;
  /** The report to edit or correct; null starts a new one. */
  initial: ParteItem | null;
  /** Date of a new report (today, or the valuation's date). */
  defaultFecha: string;
  /** Machine cannot change (editing a saved report). */
  lockMachine: boolean;
  /** Label of the confirm button (Grabar on the screen, Agregar/Actualizar inside a valuation). */
  confirmLabel?: string;
  onClose: () => void;
  /**
   * Saves or hands back the report; resolve to close. A rejection carrying the server's message (ApiError,
   * OutboxRejection) is shown and its field errors marked, and the modal stays open for the correction.
   */
  onSubmit: (item: ParteItem, meta: ParteOutboxMeta) => Promise<void> | void;
  /** Field errors to show at once (the last refusal of an outbox item being corrected). */
  initialErrors?: Record<string, string>;
}

export function ParteDialog({
  title,
  initial,
  defaultFecha,
  lockMachine,
  confirmLabel,
  onClose,
  onSubmit,
  initialErrors,
}: ParteDialogProps) {
  const id = useId();
  const info = useInfoVenta();
  const [busy, setBusy] = useState(false);
  const form = useForm<Values, unknown, Values>({
    resolver: contractResolver(parteDiarioBody),
    defaultValues: valuesOf(initial, defaultFecha),
    ...FORM_VALIDATION,
  });
  const { register, control, setValue, handleSubmit, formState, setError, trigger, watch } = form;
  const dirty = formState.isDirty;
  const gate = useFormGate({ schema: parteDiarioBody, values: watch(), labels: FIELDS, dirty });

  // A report opened to edit or correct is checked at once: Grabar is enabled when it is valid, and the server's
  // last refusal is marked on its fields.
  useEffect(() => {
    if (!initial) return;
    void trigger().then(() => {
      for (const [name, message] of Object.entries(initialErrors ?? {})) setError(fieldName(name), { message });
    });
  }, [initial, initialErrors, trigger, setError]);

  const [costoDetId, cantid, preuni, dni, operadorId, nombre] = useWatch({
    control,
    name: [
      'partesdiarios_det.costo_det_id',
      'partesdiarios_det.cantid',
      'partesdiarios_det.preuni',
      'dni',
      'operador_id',
      'nombre_operador',
    ],
  });
  const qtyOk = cantid !== '' && Number.isFinite(Number(cantid));
  const pretot = qtyOk && preuni !== '' ? lineTotal(cantid, preuni) : null;

  const machines = useMemo(
    () =>
      (info.data?.maquinarias ?? [])
        .map((m) => ({ value: m.id, label: m.descripcion ? `${m.placa} - ${m.descripcion}` : m.placa }))
        .sort((a, b) => a.label.localeCompare(b.label, 'es')),
    [info.data],
  );
  const activities = useMemo(() => {
    const active = (info.data?.actividades ?? []).map((a) => ({ value: a.id, label: a.activ_nombre }));
    // A report made when its activity was active keeps showing it.
    if (initial && !active.some((a) => a.value === initial.actividad_id))
      active.push({ value: initial.actividad_id, label: `#${initial.actividad_id}` });
    return active;
  }, [info.data, initial]);
  const precios = useMemo(() => info.data?.precios ?? [], [info.data]);
  const services = useMemo(
    () =>
      precios.map((p) => ({
        value: p.costo_det_id,
        label: `${p.descripcion} (${p.unidad}) - ${formatAmount(p.precio)} · ${p.costo}`,
      })),
    [precios],
  );
  const unidad = precios.find((p) => p.costo_det_id === costoDetId)?.unidad ?? '';

  const chooseService = (costoDetIdNew: number) => {
    setValue('partesdiarios_det.costo_det_id', costoDetIdNew, { shouldValidate: true, shouldDirty: true });
    const p = precios.find((x) => x.costo_det_id === costoDetIdNew);
    // Price selection sets the unit price to 2 decimals; the total follows.
    if (p) setValue('partesdiarios_det.preuni', p.precio.toFixed(2), { shouldValidate: true, shouldDirty: true });
  };

  // The schema checks the form; the item is built from the form's own values (the schema's output drops what the
  // server does not read, such as the operator's name the list shows).
  const submit = handleSubmit(async () => {
    const v = form.getValues();
    const det = v.partesdiarios_det;
    const item: ParteItem = {
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
    setBusy(true);
    try {
      await onSubmit(item, describeParte(item, info.data));
      onClose();
    } catch (err) {
      for (const [name, message] of fieldErrorsOf(err)) setError(fieldName(name), { message });
      throw err; // the modal shows the server's reason
    } finally {
      setBusy(false);
    }
  });

  const own = formState.errors;
  // A field's own error, or the gate's first problem once the form has changes.
  const errors = {
    nro_parte_interno: { message: gate.errorAt('nro_parte_interno', own.nro_parte_interno?.message) },
    maquinaria_id: { message: gate.errorAt('maquinaria_id', own.maquinaria_id?.message) },
    dni: { message: gate.errorAt('dni', own.dni?.message) },
    actividad_id: { message: gate.errorAt('actividad_id', own.actividad_id?.message) },
    partesdiarios_det: {
      costo_det_id: { message: gate.errorAt('partesdiarios_det.costo_det_id', own.partesdiarios_det?.costo_det_id?.message) },
      cantid: { message: gate.errorAt('partesdiarios_det.cantid', own.partesdiarios_det?.cantid?.message) },
      preuni: { message: gate.errorAt('partesdiarios_det.preuni', own.partesdiarios_det?.preuni?.message) },
    },
  };
  return (
    <FormModal
      title={title}
      width="50%"
      busy={busy}
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      confirmLabel={confirmLabel}
      onClose={onClose}
      onSubmit={submit}
      loaded={info.data !== undefined || info.isError}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={P.number} required maxLength={30} error={errors.nro_parte_interno.message} {...register('nro_parte_interno')} />
        <Controller
          control={control}
          name="fecha"
          render={({ field }) => <DateField label={P.date} required value={field.value} onValueChange={field.onChange} />}
        />
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-maq`} required>
            {P.machine}
          </Label>
          <Controller
            control={control}
            name="maquinaria_id"
            render={({ field, fieldState }) => (
              <SearchableSelect
                id={`${id}-maq`}
                options={machines}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v)}
                disabled={lockMachine}
                required
                invalid={fieldState.error !== undefined || errors.maquinaria_id.message !== undefined}
                placeholder={P.select}
                emptyText={P.noMatches}
              />
            )}
          />
          <FieldError message={errors.maquinaria_id.message} />
        </div>
        <OperadorField
          value={{ operador_id: operadorId, operador_dni: dni, operador_name: nombre }}
          onChange={(op) => {
            setValue('operador_id', op.operador_id, { shouldDirty: true });
            setValue('nombre_operador', op.operador_name, { shouldDirty: true });
            setValue('dni', op.operador_dni, { shouldValidate: true, shouldDirty: true });
          }}
        />
        {errors.dni.message && (
          <div className="-mt-2 sm:col-span-2">
            <FieldError message={errors.dni.message} />
          </div>
        )}
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-act`} required>
            {P.activity}
          </Label>
          <Controller
            control={control}
            name="actividad_id"
            render={({ field, fieldState }) => (
              <SearchableSelect
                id={`${id}-act`}
                options={activities}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v)}
                required
                invalid={fieldState.error !== undefined || errors.actividad_id.message !== undefined}
                placeholder={P.select}
                emptyText={P.noMatches}
              />
            )}
          />
          <FieldError message={errors.actividad_id.message} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-srv`} required>
            {P.service}
          </Label>
          <SearchableSelect
            id={`${id}-srv`}
            options={services}
            value={costoDetId ?? null}
            onChange={chooseService}
            required
            invalid={errors.partesdiarios_det.costo_det_id.message !== undefined}
            placeholder={P.select}
            emptyText={P.noMatches}
          />
          <FieldError message={errors.partesdiarios_det.costo_det_id.message} />
        </div>
        <div>
          <Label htmlFor={`${id}-qty`} required>
            {unidad ? `${P.quantity} (${unidad})` : P.quantity}
          </Label>
          <Controller
            control={control}
            name="partesdiarios_det.cantid"
            render={({ field, fieldState }) => (
              <NumericInput
                id={`${id}-qty`}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                required
                aria-invalid={fieldState.error || errors.partesdiarios_det.cantid.message ? true : undefined}
              />
            )}
          />
          <FieldError message={errors.partesdiarios_det.cantid.message} />
        </div>
        <div>
          <Label htmlFor={`${id}-pu`}>{P.unitPrice}</Label>
          <Input id={`${id}-pu`} readOnly tabIndex={-1} value={preuni} className="bg-muted text-right tabular-nums" />
          <FieldError message={errors.partesdiarios_det.preuni.message} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-pt`}>{P.total}</Label>
          <Input
            id={`${id}-pt`}
            readOnly
            tabIndex={-1}
            value={pretot === null ? '' : formatAmount(pretot)}
            className="bg-muted text-right font-semibold tabular-nums"
          />
        </div>
      </div>
    </FormModal>
  );
}

type FieldName = Parameters<ReturnType<typeof useForm<Values>>['setError']>[0];

/** The server's field names on the form's: `dni_operador` is `dni`, `partesdiarios_det.x` stays nested. */
function fieldName(name: string): FieldName {
  const known: Record<string, FieldName> = { dni_operador: 'dni', operador_dni: 'dni', operador_id: 'dni' };
  return known[name] ?? (name as FieldName);
}
