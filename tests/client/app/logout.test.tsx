// Logout modal texts and warning, logout() (401 and other errors still clear), and the 401 closing open modals.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MENU } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { LogoutModal } from '@client/app/logout-modal';
import { logout } from '@client/lib/logout';
import { setSessionEndHandler } from '@client/lib/session-end';
import { notifyUnauthorized } from '@client/lib/api';
import { clearToken, getToken, setToken } from '@client/lib/session';
import { makeToken, renderApp, stubFetch } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionEndHandler(null);
});

describe('<LogoutModal>', () => {
  it('shows the spec texts and buttons', async () => {
    render(<LogoutModal open onOpenChange={() => undefined} countPending={async () => 0} onLogout={async () => undefined} />);
    screen.getByRole('dialog', { name: MSG.logoutTitle });
    expect(MSG.logoutTitle).toBe('¿Listo para salir?');
    screen.getByText(MSG.logoutText);
    screen.getByRole('button', { name: 'Cancelar' });
    screen.getByRole('button', { name: 'Salir' });
    await waitFor(() => expect(screen.queryByText(MSG.logoutPendingWarning, { exact: false })).toBeNull());
  });

  it('warns while records are pending and logs out on Salir', async () => {
    const onLogout = vi.fn(async () => undefined);
    render(<LogoutModal open onOpenChange={() => undefined} countPending={async () => 2} onLogout={onLogout} />);
    expect((await screen.findByRole('alert')).textContent).toContain(MSG.logoutPendingWarning);
    fireEvent.click(screen.getByRole('button', { name: 'Salir' }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledOnce());
  });

  it('Cancelar closes without logging out', () => {
    const onOpenChange = vi.fn();
    const onLogout = vi.fn(async () => undefined);
    render(<LogoutModal open onOpenChange={onOpenChange} countPending={async () => 0} onLogout={onLogout} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onLogout).not.toHaveBeenCalled();
  });
});

describe('logout()', () => {
  beforeEach(() => setToken(makeToken()));

  it.each([401, 500])('clears the token and goes to login even when POST /api/logout answers %i', async (status) => {
    const ended = vi.fn();
    setSessionEndHandler(ended);
    const calls = stubFetch({ 'POST /api/logout': () => ({ status, body: { message: 'x' } }) });
    await logout();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/logout']);
    expect(getToken()).toBeNull();
    expect(ended).toHaveBeenCalledWith({ keepReturn: false });
  });
});

describe('401 handling', () => {
  beforeEach(() => clearToken());

  it('closes every open modal and lands on login', async () => {
    setToken(makeToken({ roles: [MENU.configuracion] }));
    stubFetch({ 'GET /api/notificaciones': () => ({ status: 200, body: { items: [] } }) });
    const app = renderApp('/inicio');
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByRole('dialog', { name: MSG.logoutTitle });
    notifyUnauthorized();
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('button', { name: LABELS.shell.signIn });
    app.uninstall();
  });
});
