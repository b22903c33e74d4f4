// Users screen, 'Cambiar contraseña': Grabar stays disabled while the form is invalid; a refusal
// shows the server's reason.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { PasswordDialog } from '@client/features/usuarios/password-dialog';
import type { UsuarioRow } from '@client/features/usuarios/api';
import { makeToken, reply, stubFetch, field } from '../helpers';

const USER: UsuarioRow = {
  id: 9,
  username: 'almacen2',
  email: null,
  estado: 1,
  created_at: '2025-01-01T00:00:00.000Z',
  full_name: 'Almacén 2',
  area_id: null,
  area_nombre: null,
};

beforeEach(() => setToken(makeToken(1)));
afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

describe('change password modal', () => {
  it('keeps Grabar disabled until both passwords are valid and equal; a refusal says why', async () => {
    stubFetch({ 'PUT /api/usuarios/setpwd/9': reply(403, { message: MSG.forbidden }) });
    const onClose = vi.fn();
    render(
      <>
        <PasswordDialog user={USER} onClose={onClose} />
        <Toaster />
      </>,
    );
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(field(LABELS.shell.newPassword), { target: { value: 'corta' } });
    fireEvent.change(field(LABELS.shell.confirmPassword), { target: { value: 'corta' } });
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    fireEvent.change(field(LABELS.shell.newPassword), { target: { value: 'clave-larga-1' } });
    fireEvent.change(field(LABELS.shell.confirmPassword), { target: { value: 'clave-larga-2' } });
    await screen.findByText(MSG.passwordsDontMatch);
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(field(LABELS.shell.confirmPassword), { target: { value: 'clave-larga-1' } });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText(MSG.forbidden);
    expect(onClose).not.toHaveBeenCalled();
  });
});
