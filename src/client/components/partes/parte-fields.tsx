// The daily report's sections: the head (number, date, machine, operator), the meter readings (labelled by the
// machine's meter: Horómetro in h or Kilometraje in km) and the service line (activity, service, quantity, unit price
// and the total, computed by the shared `lineTotal`), over the catalogue the form loads first.
import { useId, useMemo } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { formatReading, meterUnitLabel, worked } from '@shared/domain/lecturas';
import { lineTotal } from '@shared/domain/valoriza';
import { LABELS } from '@shared/messages';
import { DateField, TextField } from '../form-field';
import { NumericInput } from '../numeric-input';
import { SearchableSelect, type SearchableOption } from '../searchable-select';
import { FieldError, Input } from '../ui/input';
import { Label } from '../ui/label';
import { OperadorField } from '../operador-field';
import type { InfoVenta, ParteItem } from './parte-item';
import type { ParteForm, Values } from './use-parte-form';
import { formatMoney } from '@client/lib/format';

const P = LABELS.partes;

/** A catalogue picker of the report (machine, activity) with its label and message. */
function PickField({
  name,
  label,
  control,
  options,
  error,
  disabled,
}: {
  name: 'maquinaria_id' | 'actividad_id';
  label: string;
  control: Control<Values>;
  options: SearchableOption[];
  error: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <Label htmlFor={id} required>
        {label}
      </Label>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <SearchableSelect
            id={id}
            options={options}
            value={field.value ?? null}
            onChange={(v) => field.onChange(v)}
            disabled={disabled}
            required
            invalid={fieldState.error !== undefined || error !== undefined}
            placeholder={P.select}
            emptyText={P.noMatches}
          />
        )}
      />
      <FieldError message={error} />
    </div>
  );
}

type Sections = Pick<ParteForm, 'form' | 'errors'>;

export function ParteHeadFields({
  form,
  errors,
  info,
  lockMaquinaria,
}: Sections & { info: InfoVenta | undefined; lockMaquinaria: boolean }) {
  const { register, control, setValue } = form;
  const [dni, operadorId, nombre] = useWatch({ control, name: ['dni', 'operador_id', 'nombre_operador'] });
  const machines = useMemo(
    () =>
      (info?.maquinarias ?? [])
        .map((m) => ({ value: m.id, label: m.descripcion ? `${m.placa} - ${m.descripcion}` : m.placa }))
        .sort((a, b) => a.label.localeCompare(b.label, 'es')),
    [info],
  );
  return (
    <>
      <TextField label={P.number} required maxLength={30} error={errors.nro_parte_interno} {...register('nro_parte_interno')} />
      <Controller
        control={control}
        name="fecha"
        render={({ field }) => <DateField label={P.date} required value={field.value} onValueChange={field.onChange} />}
      />
      <PickField
        name="maquinaria_id"
        label={P.machine}
        control={control}
        options={machines}
        error={errors.maquinaria_id}
        disabled={lockMaquinaria}
      />
      <OperadorField
        value={{ operador_id: operadorId, operador_dni: dni, operador_name: nombre }}
        onChange={(op) => {
          setValue('operador_id', op.operador_id, { shouldDirty: true });
          setValue('nombre_operador', op.operador_name, { shouldDirty: true });
          setValue('dni', op.operador_dni, { shouldValidate: true, shouldDirty: true });
        }}
      />
      {errors.dni && (
        <div className="-mt-2 sm:col-span-2">
          <FieldError message={errors.dni} />
        </div>
      )}
    </>
  );
}

/** One reading of the report, as a numeric input with its label and message. */
function ReadingField({
  name,
  label,
  control,
  error,
  required,
}: {
  name: 'horometro_inicial' | 'horometro_final';
  label: string;
  control: Control<Values>;
  error: string | undefined;
  required: boolean;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <Controller
        control={control}
        name={name}
        render={({ field, fieldState }) => (
          <NumericInput
            id={id}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            required={required}
            aria-invalid={fieldState.error || error ? true : undefined}
          />
        )}
      />
      <FieldError message={error} />
    </div>
  );
}

/** The meter readings at the start and the end of the day, and what the machine worked between them. */
export function ParteLecturaFields({ form, errors, horometro, required }: Sections & { horometro: boolean | null; required: boolean }) {
  const { control } = form;
  const [ini, fin] = useWatch({ control, name: ['horometro_inicial', 'horometro_final'] });
  const ok = (v: string) => v.trim() !== '' && Number.isFinite(Number(v));
  const diff = ok(ini) && ok(fin) ? worked({ horometro_inicial: Number(ini), horometro_final: Number(fin) }) : null;
  return (
    <>
      <ReadingField
        name="horometro_inicial"
        label={P.readingInitial(horometro)}
        control={control}
        error={errors.horometro_inicial}
        required={required}
      />
      <ReadingField
        name="horometro_final"
        label={P.readingFinal(horometro)}
        control={control}
        error={errors.horometro_final}
        required={required}
      />
      {diff !== null && diff >= 0 && horometro !== null && (
        <p className="-mt-2 text-sm text-muted-foreground tabular-nums sm:col-span-2" data-testid="parte-trabajo">
          {P.worked(formatReading(diff), meterUnitLabel(horometro))}
        </p>
      )}
    </>
  );
}

export function ParteServiceFields({ form, errors, info, initial }: Sections & { info: InfoVenta | undefined; initial: ParteItem | null }) {
  const id = useId();
  const { control, setValue } = form;
  const [costoDetId, cantid, preuni] = useWatch({
    control,
    name: ['partesdiarios_det.costo_det_id', 'partesdiarios_det.cantid', 'partesdiarios_det.preuni'],
  });
  const qtyOk = cantid !== '' && Number.isFinite(Number(cantid));
  const pretot = qtyOk && preuni !== '' ? lineTotal(cantid, preuni) : null;
  const activities = useMemo(() => {
    const active = (info?.actividades ?? []).map((a) => ({ value: a.id, label: a.activ_nombre }));
    // A report made when its activity was active keeps showing it.
    if (initial && !active.some((a) => a.value === initial.actividad_id))
      active.push({ value: initial.actividad_id, label: `#${initial.actividad_id}` });
    return active;
  }, [info, initial]);
  const precios = useMemo(() => info?.precios ?? [], [info]);
  const services = useMemo(
    () => precios.map((p) => ({ value: p.costo_det_id, label: `${p.descripcion} (${p.unidad}) - ${formatMoney(p.precio)} · ${p.costo}` })),
    [precios],
  );
  const unidad = precios.find((p) => p.costo_det_id === costoDetId)?.unidad ?? '';

  const chooseService = (costoDetIdNew: number) => {
    setValue('partesdiarios_det.costo_det_id', costoDetIdNew, { shouldValidate: true, shouldDirty: true });
    const p = precios.find((x) => x.costo_det_id === costoDetIdNew);
    // Price selection sets the unit price to 2 decimals; the total follows.
    if (p) setValue('partesdiarios_det.preuni', p.precio.toFixed(2), { shouldValidate: true, shouldDirty: true });
  };

  return (
    <>
      <PickField name="actividad_id" label={P.activity} control={control} options={activities} error={errors.actividad_id} />
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
          invalid={errors.costo_det_id !== undefined}
          placeholder={P.select}
          emptyText={P.noMatches}
        />
        <FieldError message={errors.costo_det_id} />
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
              aria-invalid={fieldState.error || errors.cantid ? true : undefined}
            />
          )}
        />
        <FieldError message={errors.cantid} />
      </div>
      <div>
        <Label htmlFor={`${id}-pu`}>{P.unitPrice}</Label>
        <Input id={`${id}-pu`} readOnly tabIndex={-1} value={preuni} className="bg-muted text-right tabular-nums" />
        <FieldError message={errors.preuni} />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor={`${id}-pt`}>{P.total}</Label>
        <Input
          id={`${id}-pt`}
          readOnly
          tabIndex={-1}
          value={pretot === null ? '' : formatMoney(pretot)}
          className="bg-muted text-right font-semibold tabular-nums"
        />
      </div>
    </>
  );
}
