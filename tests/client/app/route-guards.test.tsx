// Route guards: session required with the return address, login closed to logged-in users, root → login,
// forced password change, role check, and the way back to the return address after signing in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { Toaster } from '@client/lib/toast';
import { render } from '@testing-library/react';
import { makeToken, renderApp, stubFetch } from './helpers';

const noop = () => ({ status: 200, body: [] });

beforeEach(() => {
  clearToken();
  stubFetch({
    'GET /api/ajustes': () => ({
      status: 200,
      body: { officeName: 'Municipalidad de Prueba', cityLabel: 'Lima', shortName: 'Maquinaria' },
    }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
});

async function settle(router: ReturnType<typeof renderApp>['router']) {
  await waitFor(() => expect(router.state.status).toBe('idle'));
  return router.state.location;
}

describe('route guards', () => {
  it('sends a logged-out user to login carrying the return address', async () => {
    const app = renderApp('/actividad');
    const loc = await settle(app.router);
    expect(loc.pathname).toBe('/login');
    expect(loc.search).toEqual({ redirect: '/actividad' });
    app.uninstall();
  });

  it('treats an expired token as logged out', async () => {
    setToken(makeToken({ roles: [13], exp: Math.floor(Date.now() / 1000) - 10 }));
    const app = renderApp('/usuario');
    const loc = await settle(app.router);
    expect(loc.pathname).toBe('/login');
    expect(loc.search).toEqual({ redirect: '/usuario' });
    app.uninstall();
  });

  it('redirects the root to login', async () => {
    const app = renderApp('/');
    expect((await settle(app.router)).pathname).toBe('/login');
    app.uninstall();
  });

  it('closes login to logged-in users (welcome screen)', async () => {
    setToken(makeToken({ roles: [] }));
    stubFetch({ 'GET /api/notificaciones': () => ({ status: 200, body: { items: [] } }) });
    const app = renderApp('/login');
    expect((await settle(app.router)).pathname).toBe('/inicio');
    app.uninstall();
  });

  it('sends a user with the default password to the change-password screen', async () => {
    setToken(makeToken({ roles: [13], user: { matchPassword: true } }));
    const app = renderApp('/actividad');
    expect((await settle(app.router)).pathname).toBe('/cambiar-clave');
    await screen.findByRole('heading', { name: /contraseña obligatorio/i });
    app.uninstall();
  });

  it('keeps a user without the screen role out of it, saying why', async () => {
    setToken(makeToken({ roles: [2] }));
    stubFetch({ 'GET /api/notificaciones': () => ({ status: 200, body: { items: [] } }) });
    const app = renderApp('/usuario');
    render(<Toaster />);
    expect((await settle(app.router)).pathname).toBe('/inicio');
    await screen.findByText(MSG.screenNotAllowed);
    app.uninstall();
  });

  it('opens Partes diarios with 18 or with 23, not with the group id alone', async () => {
    stubFetch({ 'GET /api/notificaciones': () => ({ status: 200, body: { items: [] } }) });
    for (const [roles, path] of [
      [[17, 23], '/partediario'],
      [[17, 18], '/partediario'],
      [[17], '/inicio'],
    ] as const) {
      setToken(makeToken({ roles: [...roles] }));
      const app = renderApp('/partediario');
      expect((await settle(app.router)).pathname).toBe(path);
      app.uninstall();
    }
  });

  it('returns to the return address after signing in', async () => {
    const token = makeToken({ roles: [2, 13, 14] });
    const calls = stubFetch({
      'POST /api/login': () => ({ status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 3600 } }),
      'GET /api/actividades': noop,
      'GET /api/notificaciones': () => ({ status: 200, body: { items: [] } }),
    });
    const app = renderApp('/actividad');
    await settle(app.router);
    fireEvent.change(await screen.findByLabelText(/usuario/i), { target: { value: 'ana' } });
    fireEvent.change(screen.getByLabelText(/contraseña/i), { target: { value: 'secreta123' } });
    fireEvent.click(screen.getByRole('button', { name: /ingresar/i }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/actividad'));
    expect(calls.find((c) => c.path === '/api/login')?.body).toEqual({ username: 'ana', password: 'secreta123' });
    await screen.findByRole('heading', { name: 'LISTADO DE ACTIVIDADES' });
    app.uninstall();
  });

  it('shows Credencial incorrecto when the login is refused', async () => {
    stubFetch({ 'POST /api/login': () => ({ status: 401, body: { message: 'x' } }) });
    render(<Toaster />);
    const app = renderApp('/login');
    await settle(app.router);
    fireEvent.change(await screen.findByLabelText(/usuario/i), { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('button', { name: /ingresar/i }));
    await screen.findByText(MSG.loginFailed);
    expect(app.router.state.location.pathname).toBe('/login');
    app.uninstall();
  });

  it('goes back to login with the return address when any call answers 401', async () => {
    setToken(makeToken({ roles: [2, 13] }));
    stubFetch({
      'GET /api/actividades': () => ({ status: 401, body: { message: 'expired' } }),
      'GET /api/notificaciones': () => ({ status: 200, body: { items: [] } }),
    });
    const app = renderApp('/actividad');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/login'));
    expect(app.router.state.location.search).toEqual({ redirect: '/actividad' });
    expect(localStorage.getItem('token')).toBeNull();
    app.uninstall();
  });
});
