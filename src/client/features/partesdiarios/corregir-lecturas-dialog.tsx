// 'Corregir lecturas' (code 74): a report's readings corrected with a reason, billed or not. The server checks them
// again against the machine's other reports (a refusal names the report it conflicts with, shown here and on the
// field), audits the change with its reason, and the machine meter and the part counters follow.
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { corregirLecturasBody, partesdiariosApi, type CorregirLecturasBody } from '@shared/contract/partesdiarios';
import { formatReading, meterUnitLabel, worked } from '@shared/domain/lecturas';
import { LABELS, MSG } from '@shared/messages';
import { call } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { FORM_VALIDATION } from '@client/components/form-field';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { FormModal } from '@client/components/form-modal';
import { NumericInput } from '@client/components/numeric-input';
import { fieldErrorsOf } from '@client/components/save-refusal';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { PARTES_KEY, type ParteRow } from '@client/components/partes/parte-item';

const P = LABELS.partes;

interface Values {
  horometro_inicial: string;
  horometro_final: string;
  motivo: string;
}

export function CorregirLecturasDialog({ row, onClose }: { row: ParteRow; onClose: () => void }) {
  const id = useId();
  const qc = useQueryClient();
  const form = useForm<Values, unknown, Values>({
    resolver: contractResolver(corregirLecturasBody),
    defaultValues: {
      horometro_inicial: row.horometro_inicial == null ? '' : String(row.horometro_inicial),
      horometro_final: row.horometro_final == null ? '' : String(row.horometro_final),
      motivo: '',
    },
    ...FORM_VALIDATION,
  });
  const { control, register, formState, setError, watch, handleSubmit } = form;
  const labels = {
    horometro_inicial: P.readingInitial(row.horometro),
    horometro_final: P.readingFinal(row.horometro),
    motivo: P.correctionReason,
  };
  const values = watch();
  const gate = useFormGate({ schema: corregirLecturasBody, values, labels, worked: formState });
  const save = useMutation({
    mutationFn: (body: CorregirLecturasBody) => call(partesdiariosApi.corregirLecturas, { params: { id: row.parte_id }, body }),
    onSuccess: () => Promise.all([PARTES_KEY, ['maquinarias']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
  const submit = handleSubmit(async () => {
    try {
      await save.mutateAsync(corregirLecturasBody.parse(form.getValues()));
      toast.success(MSG.readingCorrected);
      onClose();
    } catch (err) {
      for (const [name, message] of fieldErrorsOf(err)) if (name in labels) setError(name as keyof Values, { message });
      throw err;
    }
  });
  const ini = Number(values.horometro_inicial);
  const fin = Number(values.horometro_final);
  const diff =
    values.horometro_inicial !== '' && values.horometro_final !== '' && Number.isFinite(ini) && Number.isFinite(fin)
      ? worked({ horometro_inicial: ini, horometro_final: fin })
      : null;
  const err = (k: keyof Values) => gate.errorAt(k, formState.errors[k]?.message);
  const reading = (name: 'horometro_inicial' | 'horometro_final') => (
    <div>
      <Label htmlFor={`${id}-${name}`} required>
        {labels[name]}
      </Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <NumericInput
            id={`${id}-${name}`}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            required
            aria-invalid={err(name) ? true : undefined}
          />
        )}
      />
      <FieldError message={err(name)} />
    </div>
  );
  return (
    <FormModal
      title={P.correctReadingsTitle(row.nro_parte_interno)}
      description={`${row.placa} - ${row.maquinaria} · ${row.fecha}`}
      busy={save.isPending}
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={formState.isDirty}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {reading('horometro_inicial')}
        {reading('horometro_final')}
        {diff !== null && diff >= 0 && (
          <p className="-mt-2 text-sm text-muted-foreground tabular-nums sm:col-span-2">
            {P.worked(formatReading(diff), meterUnitLabel(row.horometro))}
          </p>
        )}
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-motivo`} required>
            {P.correctionReason}
          </Label>
          <Textarea id={`${id}-motivo`} maxLength={500} rows={3} aria-invalid={err('motivo') ? true : undefined} {...register('motivo')} />
          <FieldError message={err('motivo')} />
        </div>
      </div>
    </FormModal>
  );
}
