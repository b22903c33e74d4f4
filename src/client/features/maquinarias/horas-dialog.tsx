// EDITAR HORAS DEL INSUMO: a part already assigned to a machine gets new warning, alert and limit hours (PUT
// /api/maquinarias/insumos/:id); its counter stays. Opened from the assigned parts of ASIGNAR INSUMOS. Grabar is
// disabled, saying why, until the hours are in order (advertencia ≤ alerta ≤ límite); a refused save shows the
// server's reason in the modal.
import { useForm } from 'react-hook-form';
import { maqInsumoHorasBody, type MaqInsumoHorasBody, type MaquinariaInsumo } from '@shared/contract/maquinarias';
import { LABELS, MSG } from '@shared/messages';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { FORM_VALIDATION } from '@client/components/form-field';
import { FormModal } from '@client/components/form-modal';
import { toast } from '@client/lib/toast';
import { useUpdateMaqInsumo } from './api';
import { HoursField } from './hours-field';

const L = LABELS.maquinarias;
const FIELD_LABELS: Record<string, string> = { hour_warning: L.warningHours, hour_critical: L.alertHours, hour_limite: L.limitHours };

export function HorasDialog({ maquinariaId, part, onClose }: { maquinariaId: number; part: MaquinariaInsumo; onClose: () => void }) {
  const update = useUpdateMaqInsumo(maquinariaId);
  const form = useForm<MaqInsumoHorasBody, unknown, MaqInsumoHorasBody>({
    resolver: contractResolver<MaqInsumoHorasBody>(maqInsumoHorasBody),
    defaultValues: {
      hour_warning: part.horas_alerta.hour_warning,
      hour_critical: part.horas_alerta.hour_critical,
      hour_limite: part.horas_limite,
    },
    ...FORM_VALIDATION,
  });
  const values = form.watch();
  const gate = useFormGate({ schema: maqInsumoHorasBody, values, labels: FIELD_LABELS, worked: form.formState });
  const submit = form.handleSubmit(async (body) => {
    await update.mutateAsync({ id: part.insumo_maq_id, body });
    toast.success(MSG.saved);
    onClose();
  });
  return (
    <FormModal
      title={L.editThresholdsTitle}
      description={`${part.insumo_codigo} - ${part.insumo_name}`}
      busy={update.isPending}
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={form.formState.isDirty}
      onClose={onClose}
      onSubmit={submit}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <HoursField form={form} name="hour_warning" label={L.warningHours} required showError />
        <HoursField form={form} name="hour_critical" label={L.alertHours} required showError />
        <HoursField form={form} name="hour_limite" label={L.limitHours} required showError />
      </div>
      <p className="text-sm text-muted-foreground">{L.thresholdsKeepCounter}</p>
    </FormModal>
  );
}
