// New password + confirmation form (both required, at least PASSWORD_MIN characters, must match), sent as
// PUT /api/usuarios/setpwd/{id} { id, password, confirmedPassword }. Used by the forced change, the profile
// and the users screen; the caller decides the toasts and what happens next.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { PASSWORD_MIN } from '@shared/contract/usuarios';
import { api } from '@client/lib/api';
import { FORM_VALIDATION, TextField } from '@client/components/form-field';

export const passwordSchema = z
  .object({
    password: z.string().min(1, FIELD.required).min(PASSWORD_MIN, FIELD.tooShort(PASSWORD_MIN)),
    confirmedPassword: z.string().min(1, FIELD.required),
  })
  .refine((v) => v.password === v.confirmedPassword, { message: MSG.passwordsDontMatch, path: ['confirmedPassword'] });

export type PasswordValues = z.infer<typeof passwordSchema>;

export function setPassword(userId: number, values: PasswordValues): Promise<unknown> {
  return api.put(`/api/usuarios/setpwd/${userId}`, { id: userId, ...values });
}

export interface PasswordFormProps {
  /** The <form> id, so a footer button can submit it with form={id}. */
  id: string;
  onSubmit: (values: PasswordValues) => Promise<void>;
  disabled?: boolean;
}

export function PasswordForm({ id, onSubmit, disabled }: PasswordFormProps) {
  const { register, handleSubmit, formState } = useForm<PasswordValues>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { password: '', confirmedPassword: '' },
    ...FORM_VALIDATION,
  });
  const { errors } = formState;
  return (
    <form id={id} noValidate className="flex flex-col gap-3" onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <TextField
        label={LABELS.shell.newPassword}
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={LABELS.shell.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        disabled={disabled}
        error={errors.confirmedPassword?.message}
        {...register('confirmedPassword')}
      />
    </form>
  );
}
