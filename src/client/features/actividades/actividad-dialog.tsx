// Create / edit activity modal: name (required) and status (ACTIVO by default); sends editorMode crear/editar.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { actividadBody, type ActividadBody } from '@shared/contract/actividades';
import { LABELS, MSG } from '@shared/messages';
import { FormModal } from '@client/components/form-modal';
import { contractResolver } from '@client/components/form-gate';
import { toast } from '@client/lib/toast';
import { FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { ACTIVE_STATE_OPTIONS } from '@client/components/state-badge';
import { useSaveActividad, type ActividadRow } from './api';

const L = LABELS.actividades;

type Values = Pick<ActividadBody, 'activ_nombre' | 'activ_estado'>;

export interface ActividadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row to edit; null creates a new activity. */
  row: ActividadRow | null;
}

export function ActividadDialog({ open, onOpenChange, row }: ActividadDialogProps) {
  const save = useSaveActividad();
  const { register, handleSubmit, reset, formState } = useForm<Values>({
    resolver: contractResolver<Values>(actividadBody),
    defaultValues: { activ_nombre: '', activ_estado: 1 },
    ...FORM_VALIDATION,
  });

  useEffect(() => {
    if (open) reset(row ? { activ_nombre: row.activ_nombre, activ_estado: row.activ_estado } : { activ_nombre: '', activ_estado: 1 });
  }, [open, row, reset]);

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({ ...values, id: row?.id ?? null, editorMode: row ? 'editar' : 'crear' });
    } catch (err) {
      // The spec's toast; the modal shows the server's reason as well.
      toast.error(MSG.saveFailed);
      throw err;
    }
    toast.success(MSG.operationOk);
    onOpenChange(false);
  };

  const busy = save.isPending;
  return (
    <FormModal
      open={open}
      onClose={() => onOpenChange(false)}
      title={row ? L.edit : L.create}
      busy={busy}
      valid={formState.isValid}
      invalidReason={formState.errors.activ_nombre?.message ? MSG.cannotSaveYet(L.name, formState.errors.activ_nombre.message) : null}
      dirty={formState.isDirty}
      onSubmit={handleSubmit(submit)}
      className="flex flex-col gap-3"
    >
      <TextField
        label={L.name}
        required
        autoFocus
        maxLength={200}
        error={formState.errors.activ_nombre?.message}
        {...register('activ_nombre')}
      />
      <SelectField label={L.state} options={ACTIVE_STATE_OPTIONS} {...register('activ_estado', { valueAsNumber: true })} />
    </FormModal>
  );
}
