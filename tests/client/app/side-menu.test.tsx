// Side menu: groups and entries only for the roles held (and only for screens that exist), 'Cerrar sesión',
// the user's name in upper case, the messages menu only with role 4.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LABELS } from '@shared/messages';
import { MENU, PERMISSION_TREE, ROLE, type PermissionNode } from '@shared/auth/permissions';
import { clearToken, setToken } from '@client/lib/session';
import { MENU_GROUPS, visibleMenu } from '@client/app/menu';
import { isScreenBuilt } from '@client/app/screens';
import { makeToken, renderApp, stubFetch } from './helpers';

const everyId = MENU_GROUPS.flatMap((g) => [g.id, ...g.entries.map((e) => e.id)]);

describe('visibleMenu', () => {
  it('names every entry once, in the menu and in the permission tree', () => {
    const entries = MENU_GROUPS.flatMap((g) => g.entries);
    const labels = entries.map((x) => x.label);
    expect(new Set(labels).size).toBe(labels.length);
    const names: string[] = [];
    const ids = new Set(entries.map((x) => x.id));
    const walk = (nodes: PermissionNode[]) => nodes.forEach((x) => (ids.has(x.value) && names.push(x.text), walk(x.children ?? [])));
    walk(PERMISSION_TREE);
    expect(names.length).toBe(ids.size);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain(LABELS.menu.reporteMantenimiento);
  });

  it('shows an entry only with its role id and its group id', () => {
    const built = () => true;
    const groups = visibleMenu([MENU.administrativo, MENU.operadores, MENU.almacen], built);
    expect(groups.map((g) => g.label)).toEqual(['Administrativo']);
    expect(groups[0].entries.map((e) => e.label)).toEqual(['Operadores']);
    expect(visibleMenu([MENU.operadores], built)).toEqual([]);
  });

  it('shows Partes diarios to a field supervisor holding 23 without 18, and nothing of it with 17 alone', () => {
    const groups = visibleMenu([MENU.valorizaciones, ROLE.parteDiarioNuevo], () => true);
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.label)])).toEqual([['Valorizaciones', ['Partes diarios']]]);
    expect(groups[0].entries[0].href).toBe('/partediario');
    expect(visibleMenu([MENU.valorizaciones], () => true)).toEqual([]);
  });

  it('lists every spec entry for a user holding every id, in the spec order (work orders, 70, after repairs; the physical count 79 and the monthly close 76 after the kardex; cost per machine 82 and fleet indicators 83 last of the reports, parameters 84 after users)', () => {
    const groups = visibleMenu(everyId, () => true);
    expect(groups.map((g) => [g.id, g.entries.map((e) => e.id)])).toEqual([
      [2, [3, 9, 13]],
      [17, [18, 18, 26]],
      [30, [31, 35, 38, 70]],
      [42, [43, 44, 45, 46, 82, 83]],
      [47, [52, 48, 56, 60, 79, 76]],
      [61, [62, 84]],
    ]);
    expect(groups[0].entries[0].href).toBe('/maquinaria/admin');
  });

  it('shows an entry exactly when its screen has a registered page', () => {
    const shown = new Set(visibleMenu(everyId).flatMap((g) => g.entries.map((e) => e.id)));
    for (const g of MENU_GROUPS) for (const e of g.entries) expect(shown.has(e.id)).toBe(isScreenBuilt(e.screen));
    expect(shown.has(MENU.actividades)).toBe(true);
    expect(shown.has(MENU.usuarios)).toBe(true);
  });
});

describe('AppLayout menu', () => {
  beforeEach(() => {
    clearToken();
    stubFetch({
      'GET /api/notificaciones': () => ({
        status: 200,
        body: { items: [{ tipo: 'FALLA', abrev: 'FA', fecha: '2026-11-20', descripcion: 'Falla pendiente en ABC-123' }] },
      }),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renders only the groups and entries of the held roles', async () => {
    setToken(makeToken({ roles: [MENU.administrativo, MENU.actividades, MENU.usuarios], user: { fullName: 'Ana Torres' } }));
    const app = renderApp('/inicio');
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    within(nav).getByRole('button', { name: 'Administrativo' });
    expect(within(nav).queryByRole('button', { name: 'Configuración' })).toBeNull();
    within(nav).getByRole('button', { name: 'Administrativo' }).click();
    await waitFor(() => within(nav).getByRole('link', { name: 'Actividades' }));
    expect(within(nav).queryByRole('link', { name: 'Usuarios' })).toBeNull();
    within(nav).getByRole('button', { name: 'Cerrar sesión' });
    expect(screen.getByTestId('user-name').textContent).toBe('ANA TORRES');
    expect(screen.queryByRole('button', { name: 'Mensajes' })).toBeNull();
    expect(await screen.findByTestId('notifications-count')).toHaveProperty('textContent', '+1');
    app.uninstall();
  });

  it('shows Configuracion > Usuarios and the messages menu to a user with those codes', async () => {
    setToken(makeToken({ roles: [4, MENU.configuracion, MENU.usuarios] }));
    const app = renderApp('/inicio');
    const nav = await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).queryByRole('button', { name: 'Administrativo' })).toBeNull();
    within(nav).getByRole('button', { name: 'Configuración' }).click();
    await waitFor(() => within(nav).getByRole('link', { name: 'Usuarios' }));
    screen.getByRole('button', { name: 'Mensajes' });
    app.uninstall();
  });
});
