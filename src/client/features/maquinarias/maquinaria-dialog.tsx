// Create / edit machine. Creating, only the plate is enabled: it is typed with suggestions
// from the vehicle registry, and choosing a vehicle fills brand, model, year and description and enables the rest,
// unless the plate already belongs to a registered machine ('Placa ingresado ya se encuentra registrado', the rest
// stays disabled). Description, brand, plate and year are required, the year digits only, the meter type HOROMETRO
// by default, the states 0–3 with their labels, and the meter reading at registration. Grabar is disabled while the
// form is invalid and says which field to check; closing with changes asks first; a refused save shows the
// server's reason in the modal.
import { useCallback, useEffect, useId, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { contractResolver } from '@client/components/form-gate';
import { maquinariaBody, type MaquinariaBody, type VehiculoSuggestion } from '@shared/contract/maquinarias';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { FormModal } from '@client/components/form-modal';
import { useFormGate, type FormGate } from '@client/components/form-gate';
import { useSaveRefusal } from '@client/components/save-refusal';
import { NumericInput } from '@client/components/numeric-input';
import { Typeahead } from '@client/components/typeahead';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { ApiError } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { samePlate, searchVehiculos, useSaveMaquinaria, type MaquinariaRow } from './api';
import { HoursField } from './hours-field';
import { saveErrorMessage } from './save-error';

const L = LABELS.maquinarias;

const STATE_OPTIONS = LABELS.machineState.map((label, value) => ({ value, label }));
const METER_OPTIONS = [
  { value: 'true', label: LABELS.meterTypes.true },
  { value: 'false', label: LABELS.meterTypes.false },
];

/** Field labels by body path, for 'Para grabar, revise …'. */
const FIELDS: Record<string, string> = {
  placa: L.plate,
  descripcion: L.description,
  marca: L.brand,
  modelo: L.model,
  año_fabrica: L.year,
  horometro: L.meterType,
  estado: L.state,
  horometro_inicial: L.initialMeter,
  motivo: L.stateReason,
};

const describeRefusal = (err: unknown) => saveErrorMessage(err, MSG.saveFailedMachine);

const EMPTY: MaquinariaBody = {
  placa: '',
  descripcion: '',
  marca: '',
  modelo: '',
  año_fabrica: undefined as unknown as number,
  horometro: true,
  estado: 0,
  horometro_inicial: 0,
  veh_id: null,
  motivo: null,
};

function valuesOf(row: MaquinariaRow): MaquinariaBody {
  return {
    placa: row.placa,
    descripcion: row.descripcion,
    marca: row.marca,
    modelo: row.modelo ?? '',
    año_fabrica: row.año_fabrica,
    horometro: row.horometro,
    estado: row.estado,
    horometro_inicial: row.horometro_inicial,
    veh_id: row.veh_id,
    motivo: null,
  };
}

export interface MaquinariaDialogProps {
  /** The machine to edit (code 5); null registers a new one (code 4). */
  row: MaquinariaRow | null;
  /** The registered machines, to mark a plate already registered before saving. */
  machines: readonly MaquinariaRow[];
  onClose: () => void;
}

/** Plate state in create mode: nothing chosen yet, a free vehicle chosen, or one already registered. */
type PlateState = 'none' | 'free' | 'registered';

type Form = UseFormReturn<MaquinariaBody, unknown, MaquinariaBody>;

/**
 * The plate of a new machine: typed with the vehicle registry's suggestions; choosing a vehicle fills the rest and
 * says whether a machine already has that plate. Typing again drops the chosen vehicle.
 */
function usePlate(form: Form, row: MaquinariaRow | null, machines: readonly MaquinariaRow[]) {
  const { setValue, reset } = form;
  const [text, setText] = useState(row?.placa ?? '');
  const [state, setState] = useState<PlateState>(row === null ? 'none' : 'free');
  const [touched, setTouched] = useState(false);

  const choose = (v: VehiculoSuggestion) => {
    setText(v.veh_placa);
    const opts = { shouldValidate: true, shouldDirty: true } as const;
    setValue('placa', v.veh_placa, opts);
    setValue('marca', v.marca ?? '', opts);
    setValue('modelo', v.modelo ?? '', opts);
    setValue('descripcion', v.descripcion ?? '', opts);
    if (v.anio) setValue('año_fabrica', v.anio, opts);
    setValue('veh_id', v.veh_id, opts);
    // The registry says whether a machine has this plate; the list on screen is a second look (a device copy).
    const taken = v.maquinaria_id !== null || machines.some((m) => samePlate(m.placa, v.veh_placa));
    setState(taken ? 'registered' : 'free');
  };

  const type = (t: string) => {
    setText(t);
    // Typing again drops the chosen vehicle: the rest waits for a new choice.
    if (state !== 'none') {
      setState('none');
      reset(EMPTY);
    }
  };
  return { text, state, setState, touched, touch: () => setTouched(true), choose, type };
}

type Plate = ReturnType<typeof usePlate>;

export function MaquinariaDialog({ row, machines, onClose }: MaquinariaDialogProps) {
  const creating = row === null;
  const save = useSaveMaquinaria();
  const form = useForm<MaquinariaBody, unknown, MaquinariaBody>({
    resolver: contractResolver<MaquinariaBody>(maquinariaBody),
    defaultValues: row ? valuesOf(row) : EMPTY,
    ...FORM_VALIDATION,
  });
  const { register, handleSubmit, setError, formState, reset, watch, trigger } = form;
  const refusal = useSaveRefusal(describeRefusal);
  useEffect(() => reset(row ? valuesOf(row) : EMPTY), [row, reset]);
  const plate = usePlate(form, row, machines);
  const locked = creating && plate.state !== 'free';
  // Editing, a change of state asks why (the server refuses it without a reason and keeps it in the history).
  const stateChanged = !creating && watch('estado') !== row.estado;
  const motivo = watch('motivo');

  const submit = async (values: MaquinariaBody) => {
    try {
      await save.mutateAsync({ ...values, motivo: stateChanged ? values.motivo : null, id: row?.id ?? null });
      toast.success(MSG.saved);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.message === MSG.plateRegistered) {
        plate.setState(creating ? 'registered' : 'free');
        setError('placa', { message: MSG.plateRegistered });
      }
      throw err;
    }
  };

  const dirty = formState.isDirty || plate.text !== (row?.placa ?? '');
  const mark = useCallback((path: string) => void trigger(path as keyof MaquinariaBody), [trigger]);
  const gate = useFormGate({
    schema: maquinariaBody,
    values: watch(),
    labels: FIELDS,
    worked: formState,
    mark,
    // Creating, the plate comes first: a vehicle of the registry must be chosen, and it must be free.
    pre:
      !creating || plate.state === 'free'
        ? null
        : {
            path: 'placa',
            message: plate.state === 'registered' ? MSG.plateRegistered : plate.text.trim() ? MSG.plateInvalid : FIELD.required,
          },
    extra: stateChanged && !motivo?.trim() ? { path: 'motivo', message: MSG.stateReasonRequired } : null,
  });

  const plateError =
    plate.state === 'registered'
      ? MSG.plateRegistered
      : creating && plate.touched && plate.state === 'none' && plate.text.trim() !== ''
        ? MSG.plateInvalid
        : gate.errorAt('placa', formState.errors.placa?.message);

  return (
    <FormModal
      title={creating ? L.create : L.edit}
      width="lg"
      busy={save.isPending}
      valid={!locked && gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      error={refusal.error}
      onClose={onClose}
      onSubmit={() => refusal.guard(() => handleSubmit(submit)())}
      className="grid gap-3 sm:grid-cols-2"
    >
      {creating ? (
        <PlateTypeahead plate={plate} error={plateError} />
      ) : (
        <TextField
          label={L.plate}
          required
          maxLength={20}
          className="sm:col-span-2"
          error={plateError}
          {...register('placa', { setValueAs: (v: string) => String(v).toUpperCase() })}
        />
      )}
      <MaquinariaFields form={form} gate={gate} locked={locked} />
      {stateChanged && (
        <TextField
          label={L.stateReason}
          required
          maxLength={500}
          className="sm:col-span-2"
          error={gate.errorAt('motivo', formState.errors.motivo?.message)}
          {...register('motivo', { setValueAs: (v: string | null) => (v ? String(v) : null) })}
        />
      )}
    </FormModal>
  );
}

/** The plate of a new machine, with the vehicle registry's suggestions. */
function PlateTypeahead({ plate, error }: { plate: Plate; error: string | undefined }) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <Label htmlFor={id} required>
        {L.plate}
      </Label>
      <Typeahead<VehiculoSuggestion>
        id={id}
        search={searchVehiculos}
        getKey={(v) => v.veh_id}
        getLabel={(v) => v.veh_placa}
        renderItem={(v) => (
          <span>
            <strong>{v.veh_placa}</strong>
            {v.descripcion || v.marca ? (
              <span className="opacity-80"> — {[v.descripcion, v.marca, v.modelo].filter(Boolean).join(' ')}</span>
            ) : null}
          </span>
        )}
        value={plate.text}
        onInputChange={plate.type}
        onSelect={plate.choose}
        onBlur={plate.touch}
        sanitize={(t) => t.toUpperCase()}
        maxLength={20}
        placeholder={L.platePlaceholder}
        invalid={Boolean(error)}
        aria-describedby={error ? `${id}-msg` : undefined}
        required
        autoFocus
      />
      <FieldError id={`${id}-msg`} message={error} />
    </div>
  );
}

/** The machine's own fields, disabled until a free vehicle is chosen when creating. */
function MaquinariaFields({ form, gate, locked }: { form: Form; gate: FormGate; locked: boolean }) {
  const yearId = useId();
  const { control, register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <TextField
        label={L.description}
        required
        disabled={locked}
        maxLength={200}
        className="sm:col-span-2"
        error={gate.errorAt('descripcion', errors.descripcion?.message)}
        {...register('descripcion')}
      />
      <TextField
        label={L.brand}
        required
        disabled={locked}
        maxLength={100}
        error={gate.errorAt('marca', errors.marca?.message)}
        {...register('marca')}
      />
      <TextField
        label={L.model}
        disabled={locked}
        maxLength={100}
        error={gate.errorAt('modelo', errors.modelo?.message)}
        {...register('modelo')}
      />
      <Controller
        control={control}
        name="año_fabrica"
        render={({ field, fieldState }) => (
          <div>
            <Label htmlFor={yearId} required>
              {L.year}
            </Label>
            <NumericInput
              id={yearId}
              integer
              maxLength={4}
              disabled={locked}
              value={field.value === undefined || field.value === null ? '' : String(field.value)}
              onValueChange={(t) => field.onChange(t === '' ? undefined : Number(t))}
              onBlur={field.onBlur}
              aria-invalid={fieldState.error ? true : undefined}
            />
            <FieldError message={fieldState.error?.message} />
          </div>
        )}
      />
      <Controller
        control={control}
        name="horometro"
        render={({ field }) => (
          <SelectField
            label={L.meterType}
            disabled={locked}
            options={METER_OPTIONS}
            value={String(field.value)}
            onChange={(e) => field.onChange(e.target.value === 'true')}
          />
        )}
      />
      <Controller
        control={control}
        name="estado"
        render={({ field }) => (
          <SelectField
            label={L.state}
            disabled={locked}
            options={STATE_OPTIONS}
            value={String(field.value)}
            onChange={(e) => field.onChange(Number(e.target.value))}
          />
        )}
      />
      <HoursField form={form} name="horometro_inicial" label={L.initialMeter} disabled={locked} showError />
    </>
  );
}
