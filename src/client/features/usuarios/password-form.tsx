// New password + confirmation form, sent as PUT /api/usuarios/setpwd/{id} { id, password, confirmedPassword }. The
// rules are the route's own (`setPasswordBody`: the password's length, a confirmation that matches); the form only
// adds that the confirmation is required. Used by the forced change, the profile and the users screen; the caller
// decides the toasts and what happens next.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FIELD, LABELS } from '@shared/messages';
import { setPasswordBody, usuariosApi } from '@shared/contract/usuarios';
import { call } from '@client/lib/api';
import { FORM_VALIDATION, TextField } from '@client/components/form-field';
import { contractResolver } from '@client/components/form-gate';

const passwordForm = setPasswordBody.refine((v) => !!v.confirmedPassword, { message: FIELD.required, path: ['confirmedPassword'] });

export interface PasswordValues {
  password: string;
  confirmedPassword: string;
}

export function setPassword(userId: number, values: PasswordValues): Promise<unknown> {
  return call(usuariosApi.setPassword, { params: { id: userId }, body: { id: userId, ...values } });
}

export interface PasswordFormProps {
  /** The <form> id, so a footer button can submit it with form={id}. */
  id: string;
  onSubmit: (values: PasswordValues) => Promise<void>;
  disabled?: boolean;
  /** Told whether the form would be accepted, so the footer's Grabar can stay disabled until it is. */
  onValidChange?: (valid: boolean) => void;
}

export function PasswordForm({ id, onSubmit, disabled, onValidChange }: PasswordFormProps) {
  const { register, handleSubmit, formState } = useForm<PasswordValues>({
    resolver: contractResolver<PasswordValues>(passwordForm),
    defaultValues: { password: '', confirmedPassword: '' },
    ...FORM_VALIDATION,
  });
  const { errors, isValid } = formState;
  useEffect(() => onValidChange?.(isValid), [isValid, onValidChange]);
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
