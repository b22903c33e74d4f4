// Create / edit user modal: username, email, state (ACTIVO by default), plus the optional full name.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { usuarioBody, type UsuarioBody } from '@shared/contract/usuarios';
import { LABELS, MSG } from '@shared/messages';
import { FormModal } from '@client/components/form-modal';
import { contractResolver } from '@client/components/form-gate';
import { ApiError } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { ACTIVE_STATE_OPTIONS } from '@client/components/state-badge';
import { useSaveUsuario, type UsuarioRow } from './api';

const L = LABELS.usuarios;

/** What the form edits of the contract's usuarioBody; email and name are typed text ('' is sent as none). */
type Values = Pick<UsuarioBody, 'username' | 'estado'> & { email: string; full_name: string };

const EMPTY: Values = { username: '', email: '', full_name: '', estado: 1 };

export function UsuarioDialog({ open, onOpenChange, row }: { open: boolean; onOpenChange: (o: boolean) => void; row: UsuarioRow | null }) {
  const save = useSaveUsuario();
  const { register, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: contractResolver<Values>(usuarioBody),
    defaultValues: EMPTY,
    ...FORM_VALIDATION,
  });

  useEffect(() => {
    if (open) reset(row ? { username: row.username, email: row.email ?? '', full_name: row.full_name ?? '', estado: row.estado } : EMPTY);
  }, [open, row, reset]);

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({ ...values, id: row?.id ?? null, editorMode: row ? 'editar' : 'crear' });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : undefined;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name in EMPTY) setError(name as keyof Values, { message });
      }
      toast.error(err instanceof ApiError && (err.status === 403 || err.status === 409) ? err.message : MSG.saveFailed);
      throw err; // the modal shows the server's reason too
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
      dirty={formState.isDirty}
      onSubmit={handleSubmit(submit)}
      className="flex flex-col gap-3"
    >
      <TextField
        label={L.username}
        required
        autoFocus
        autoComplete="off"
        maxLength={60}
        error={formState.errors.username?.message}
        {...register('username')}
      />
      <TextField
        label={L.fullName}
        autoComplete="off"
        maxLength={160}
        error={formState.errors.full_name?.message}
        {...register('full_name')}
      />
      <TextField
        label={L.email}
        type="email"
        autoComplete="off"
        maxLength={120}
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <SelectField label={L.state} options={ACTIVE_STATE_OPTIONS} {...register('estado', { valueAsNumber: true })} />
    </FormModal>
  );
}
