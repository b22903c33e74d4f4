// Create / edit user modal (spec 001 §2): username, email, state (ACTIVO by default), plus the optional full name.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { FormModal } from '@client/components/form-modal';
import { ApiError } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { ACTIVE_STATE_OPTIONS } from '@client/components/state-badge';
import { useSaveUsuario, type UsuarioRow } from './api';

const L = LABELS.usuarios;

const schema = z.object({
  username: z
    .string()
    .trim()
    .min(1, FIELD.required)
    .regex(/^[A-Za-z0-9._@-]{3,60}$/, FIELD.username),
  email: z.union([z.literal(''), z.email(FIELD.email).max(120, FIELD.tooLong(120))]),
  full_name: z.string().trim().max(160, FIELD.tooLong(160)),
  estado: z.number().int().min(0).max(1),
});
type Values = z.infer<typeof schema>;

const EMPTY: Values = { username: '', email: '', full_name: '', estado: 1 };

export function UsuarioDialog({ open, onOpenChange, row }: { open: boolean; onOpenChange: (o: boolean) => void; row: UsuarioRow | null }) {
  const save = useSaveUsuario();
  const { register, handleSubmit, reset, setError, formState } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    ...FORM_VALIDATION,
  });

  useEffect(() => {
    if (open) reset(row ? { username: row.username, email: row.email ?? '', full_name: row.full_name ?? '', estado: row.estado } : EMPTY);
  }, [open, row, reset]);

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({ ...values, id: row?.id ?? null, editorMode: row ? 'editar' : 'crear' });
      toast.success(MSG.operationOk);
      onOpenChange(false);
    } catch (err) {
      const fields = err instanceof ApiError ? err.fieldErrors : undefined;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if (name in EMPTY) setError(name as keyof Values, { message });
      }
      toast.error(err instanceof ApiError && (err.status === 403 || err.status === 409) ? err.message : MSG.saveFailed);
    }
  };

  const busy = save.isPending;
  return (
    <FormModal
      open={open}
      onClose={() => onOpenChange(false)}
      title={row ? L.edit : L.create}
      busy={busy}
      valid={formState.isValid}
      onSubmit={() => void handleSubmit(submit)()}
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
