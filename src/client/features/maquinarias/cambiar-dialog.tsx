// Cambiar Insumos: change date (not after today), the previous meter from the
// daily reports (read-only), the meter read on the machine (where the new parts start: a report of the change day
// spanning it splits there; named Horómetro or Kilometraje by the machine's meter), a required observation, then the confirmation 'Esta
// seguro de cambiar este insumo?'. The change restarts the selected parts' counters; when no hours accumulated
// since that date an info notice says so; a refusal shows the server's reason in the modal. A disabled Grabar says
// which field to check; closing with changes asks first.
import { useCallback, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { contractResolver } from '@client/components/form-gate';
import { cambiarInsumoBody, type CambiarInsumoBody } from '@shared/contract/maquinarias';
import { limaDate } from '@shared/domain/dates';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { DateField, FORM_VALIDATION } from '@client/components/form-field';
import { FormModal } from '@client/components/form-modal';
import { useFormGate } from '@client/components/form-gate';
import { useSaveRefusal } from '@client/components/save-refusal';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { useCambiarInsumos, type MaquinariaInsumo, type MaquinariaRow } from './api';
import { HoursField } from './hours-field';
import { saveErrorMessage } from './save-error';

const L = LABELS.maquinarias;

/** Field labels by body path, for 'Para grabar, revise …': the meter named by the machine's (never hours on km). */
const fieldsOf = (horometro: boolean): Record<string, string> => ({
  fecha: L.changeDate,
  horometro_pdiario: horometro ? L.previousMeter : L.previousOdometer,
  horometro_vehiculo: horometro ? L.machineMeter : L.machineOdometer,
  observacion: L.observation,
});

const describeRefusal = (err: unknown) => saveErrorMessage(err, MSG.changeFailed);

export interface CambiarDialogProps {
  machine: MaquinariaRow;
  /** The selected parts; the form uses the first one's machine and meter. */
  parts: MaquinariaInsumo[];
  /** `done` is true after a change the server accepted. */
  onClose: (done: boolean) => void;
}

export function CambiarDialog({ machine, parts, onClose }: CambiarDialogProps) {
  const session = useSession();
  const today = session?.date ?? limaDate();
  const change = useCambiarInsumos();
  const [confirming, setConfirming] = useState<CambiarInsumoBody | null>(null);
  const FIELDS = useMemo(() => fieldsOf(machine.horometro), [machine.horometro]);
  const obsId = useId();
  // The contract checks the device's day; the session carries the server's, which is the one the server applies.
  const schema = cambiarInsumoBody.refine((v) => v.fecha <= today, { message: FIELD.changeDateFuture, path: ['fecha'] });
  const form = useForm<CambiarInsumoBody, unknown, CambiarInsumoBody>({
    resolver: contractResolver<CambiarInsumoBody>(schema),
    defaultValues: {
      maquinaria_id: machine.id,
      fecha: today,
      observacion: '',
      horometro_pdiario: machine.horometro_actual,
      horometro_vehiculo: undefined,
      checkeds: parts.map((p) => p.insumo_maq_id),
    },
    ...FORM_VALIDATION,
  });
  const { control, register, handleSubmit, formState, watch, trigger } = form;
  const refusal = useSaveRefusal(describeRefusal);
  const mark = useCallback((path: string) => void trigger(path as keyof CambiarInsumoBody), [trigger]);
  const gate = useFormGate({ schema, values: watch(), labels: FIELDS, worked: formState, mark });

  const run = async () => {
    if (!confirming) return;
    const res = await change.mutateAsync(confirming);
    if (!res.retrieve_hours) toast.info(MSG.noAccumulatedHours);
    else toast.success(L.changedHours(String(res.retrieve_hours)));
    onClose(true);
  };

  return (
    <FormModal
      title={L.changeTitle(parts.length)}
      width="md"
      busy={change.isPending}
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={formState.isDirty}
      error={refusal.error}
      onClose={() => onClose(false)}
      onSubmit={() => void handleSubmit((v) => setConfirming(v))()}
      outside={
        <ConfirmDelete
          open={confirming !== null}
          onOpenChange={(o) => !o && setConfirming(null)}
          onConfirm={() => refusal.guard(run)}
          title={L.changeParts}
          message={MSG.changePartConfirm}
          confirmLabel={L.confirm}
          closeOnError
          neutral
        />
      }
    >
      <ul className="list-inside list-disc text-sm text-slate-700">
        {parts.map((p) => (
          <li key={p.insumo_maq_id}>
            {p.insumo_name} <span className="text-slate-500">({p.insumo_codigo})</span>
          </li>
        ))}
      </ul>
      <Controller
        control={control}
        name="fecha"
        render={({ field, fieldState }) => (
          <div>
            <DateField label={L.changeDate} required value={field.value ?? ''} max={today} onValueChange={field.onChange} />
            <FieldError message={fieldState.error?.message} />
          </div>
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <HoursField form={form} name="horometro_pdiario" label={FIELDS.horometro_pdiario} readOnly />
        <HoursField form={form} name="horometro_vehiculo" label={FIELDS.horometro_vehiculo} required showError />
      </div>
      <div>
        <Label htmlFor={obsId} required>
          {L.observation}
        </Label>
        <Textarea
          id={obsId}
          maxLength={500}
          aria-invalid={gate.errorAt('observacion', formState.errors.observacion?.message) ? true : undefined}
          {...register('observacion')}
        />
        <FieldError message={gate.errorAt('observacion', formState.errors.observacion?.message)} />
      </div>
    </FormModal>
  );
}
