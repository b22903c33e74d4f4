import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_CODES, MENU, PERMISSION_TREE, ROLE } from '@shared/auth/permissions';
import { PASSWORD_MIN } from '@shared/contract/usuarios';
import { FIELD, MSG } from '@shared/messages';
import { usuarios } from '../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, TEST_PASSWORD, type TestApp } from './helpers';

describe('users API (/api/usuarios)', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    call(t.app, token, { method, url, payload: payload as object });
  const row = async (id: number) => (await t.database.db.select().from(usuarios).where(eq(usuarios.id, id)))[0];

  describe('create, list, edit', () => {
    it('creates an ACTIVO user with the default password, no roles, and lists it', async () => {
      const res = await req('POST', '/api/usuarios', { username: 'jperez', email: 'jperez@muni.gob.pe', estado: 1, editorMode: 'crear' });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ username: 'jperez', email: 'jperez@muni.gob.pe', estado: 1, full_name: 'jperez', area_id: null });
      expect(created.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const db = await row(created.id);
      expect(db.roles).toEqual([]);
      expect(db.defaultPassword).toBe(1);
      const list = (await req('GET', '/api/usuarios')).json();
      expect(list).toContainEqual(created);
      expect(Object.keys(created)).not.toContain('passwordHash');
      // the new user logs in with DEFAULT_PASSWORD (TEST_PASSWORD in tests)
      expect(await login(t.app, 'jperez', TEST_PASSWORD)).toEqual(expect.any(String));
    });

    it('refuses a duplicate username (any case) with 409', async () => {
      for (const username of ['jperez', 'JPerez']) {
        const res = await req('POST', '/api/usuarios', { username, estado: 1 });
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(MSG.duplicateUsername);
      }
    });

    it('the database itself refuses the same name in another case (the check races with concurrent creates)', async () => {
      const err = (await t.database.db
        .execute(sql`insert into usuarios (username, password_hash) values ('JPEREZ', 'x')`)
        .catch((e) => e)) as {
        cause?: { message?: string; constraint?: string };
      };
      expect(`${err.cause?.constraint ?? ''} ${err.cause?.message ?? ''}`).toMatch(/usuarios_username_lower_uq/);
    });

    it('edits username, email, state and full name; 404 for an unknown id', async () => {
      const u = await createUser(t, []);
      const res = await req('PUT', `/api/usuarios/${u.id}`, {
        id: u.id,
        username: `${u.username}x`,
        email: '',
        estado: 0,
        full_name: 'Ana Ruiz',
        editorMode: 'editar',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: u.id, username: `${u.username}x`, email: null, estado: 0, full_name: 'Ana Ruiz' });
      expect((await req('PUT', '/api/usuarios/999999', { username: 'nadie', estado: 1 })).statusCode).toBe(404);
      expect((await req('PUT', `/api/usuarios/${u.id}`, { id: u.id + 1, username: 'otro', estado: 1 })).statusCode).toBe(400);
    });

    it('an inactive user cannot log in and their token stops working', async () => {
      const u = await createUser(t, [MENU.usuarios]);
      await req('PUT', `/api/usuarios/${u.id}`, { username: u.username, estado: 0 });
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: u.username, password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.loginFailed);
      expect((await req('GET', '/api/usuarios', undefined, u.token)).statusCode).toBe(401);
    });

    it('reading users needs the users menu (62)', async () => {
      const u = await createUser(t, [MENU.usuarios]);
      const other = await createUser(t, [ROLE.actividadNuevo]);
      expect((await req('GET', '/api/usuarios', undefined, u.token)).statusCode).toBe(200);
      expect((await req('GET', '/api/usuarios', undefined, other.token)).statusCode).toBe(403);
      expect((await req('GET', `/api/usuarios/getpermissions/${u.id}`, undefined, other.token)).statusCode).toBe(403);
    });
  });

  describe('delete', () => {
    it('deletes a user (and refuses to delete yourself)', async () => {
      const u = await createUser(t, []);
      expect((await req('DELETE', `/api/usuarios/${u.id}`)).statusCode).toBe(200);
      expect(await row(u.id)).toBeUndefined();
      expect((await req('DELETE', `/api/usuarios/${u.id}`)).statusCode).toBe(404);
      const self = await req('DELETE', '/api/usuarios/1');
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(MSG.cannotDeleteSelf);
    });
  });

  describe('permissions', () => {
    it('gives the tree with text, value, checked:false and children', async () => {
      const res = await req('POST', '/api/usuarios/getpermissionstree', null);
      expect(res.statusCode).toBe(200);
      const tree = res.json();
      expect(tree).toHaveLength(PERMISSION_TREE.length);
      expect(tree[0]).toMatchObject({ text: PERMISSION_TREE[0].text, value: PERMISSION_TREE[0].value, checked: false });
      const values: number[] = [];
      const walk = (nodes: { value: number; checked: boolean; children?: unknown[] }[]) =>
        nodes.forEach((n) => {
          expect(n.checked).toBe(false);
          values.push(n.value);
          if (n.children) walk(n.children as never);
        });
      walk(tree);
      expect([...new Set(values)].sort((a, b) => a - b)).toEqual(ALL_CODES);
      // the spec's client sends a JSON null body, or none at all
      for (const payload of ['null', '']) {
        const raw = await call(t.app, admin, {
          method: 'POST',
          url: '/api/usuarios/getpermissionstree',
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expect(raw.statusCode).toBe(200);
        expect(raw.json()).toEqual(tree);
      }
    });

    it('saves the codes (deduplicated, sorted) and reads them back', async () => {
      const u = await createUser(t, []);
      const res = await req('PUT', `/api/usuarios/savepermission/${u.id}`, { id: u.id, myChoices: [15, 13, 14, 14] });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.permissionsSaved);
      expect((await req('GET', `/api/usuarios/getpermissions/${u.id}`)).json()).toEqual({ roles: [13, 14, 15] });
      // the new codes apply at once to the user's existing token
      expect((await req('POST', '/api/actividades', { activ_nombre: 'Nueva' }, u.token)).statusCode).toBe(201);
    });

    it('refuses codes that do not exist with 400 and changes nothing', async () => {
      const u = await createUser(t, [13]);
      const res = await req('PUT', `/api/usuarios/savepermission/${u.id}`, { id: u.id, myChoices: [13, 1, 999] });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.unknownPermission('1, 999'));
      expect((await row(u.id)).roles).toEqual([13]);
    });
  });

  describe('the last user manager (61 + 62 + 65, active) cannot be removed', () => {
    it('refuses to drop 61/62/65, deactivate or delete the last manager; allows it while another exists', async () => {
      // the seeded admin is the only manager so far (other users hold no 61+62+65)
      const manager = await createUser(t, [
        MENU.configuracion,
        MENU.usuarios,
        ROLE.usuarioPermisos,
        ROLE.usuarioEditar,
        ROLE.usuarioEliminar,
      ]);
      // with two managers, the admin may drop the other's 65
      expect(
        (
          await req('PUT', `/api/usuarios/savepermission/${manager.id}`, {
            myChoices: [MENU.configuracion, MENU.usuarios, ROLE.usuarioEditar, ROLE.usuarioEliminar],
          })
        ).statusCode,
      ).toBe(200);
      // now the admin is the last manager: they cannot lose 65, nor be deactivated or deleted by anyone
      const drop = await req('PUT', '/api/usuarios/savepermission/1', {
        id: 1,
        myChoices: ALL_CODES.filter((c) => c !== ROLE.usuarioPermisos),
      });
      expect(drop.statusCode).toBe(403);
      expect(drop.json().message).toBe(MSG.lastUserManager);
      // without 61 the side menu hides the Configuracion group, and with it the users screen
      const dropGroup = await req('PUT', '/api/usuarios/savepermission/1', {
        id: 1,
        myChoices: ALL_CODES.filter((c) => c !== MENU.configuracion),
      });
      expect(dropGroup.statusCode).toBe(403);
      expect(dropGroup.json().message).toBe(MSG.lastUserManager);
      const deactivate = await req('PUT', '/api/usuarios/1', { username: 'admin', estado: 0 }, manager.token);
      expect(deactivate.statusCode).toBe(403);
      expect(deactivate.json().message).toBe(MSG.lastUserManager);
      const del = await req('DELETE', '/api/usuarios/1', undefined, manager.token);
      expect(del.statusCode).toBe(403);
      expect(del.json().message).toBe(MSG.lastUserManager);
      expect((await row(1)).roles).toEqual(ALL_CODES);
      expect((await row(1)).estado).toBe(1);
    });

    it('a user cannot deactivate themselves', async () => {
      const res = await req('PUT', '/api/usuarios/1', { username: 'admin', estado: 0 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.cannotDeactivateSelf);
    });

    it('two concurrent removals of the two remaining managers leave one', async () => {
      const codes = [MENU.configuracion, MENU.usuarios, ROLE.usuarioPermisos, ROLE.usuarioEliminar];
      const a = await createUser(t, codes);
      const b = await createUser(t, codes);
      // leave a and b as the only managers
      expect(
        (await req('PUT', '/api/usuarios/savepermission/1', { myChoices: ALL_CODES.filter((c) => c !== ROLE.usuarioPermisos) })).statusCode,
      ).toBe(200);
      // a deletes b while b deletes a
      const [r1, r2] = await Promise.all([
        req('DELETE', `/api/usuarios/${b.id}`, undefined, a.token),
        req('DELETE', `/api/usuarios/${a.id}`, undefined, b.token),
      ]);
      const codesSeen = [r1.statusCode, r2.statusCode].sort();
      expect(codesSeen[0]).toBe(200);
      // the loser is refused as the last manager, or was already deleted when its session was checked
      expect([401, 403]).toContain(codesSeen[1]);
      const managers = (await t.database.db.select().from(usuarios)).filter(
        (u) => u.estado === 1 && [61, 62, 65].every((c) => u.roles.includes(c)),
      );
      expect(managers).toHaveLength(1);
      const survivor = managers[0].id === a.id ? a : b;
      expect((await req('PUT', '/api/usuarios/savepermission/1', { myChoices: ALL_CODES }, survivor.token)).statusCode).toBe(200);
    });
  });

  describe('PUT /api/usuarios/setpwd/:id', () => {
    it('lets any user change their own password without 66', async () => {
      const u = await createUser(t, [], { defaultPassword: 1 });
      const res = await req(
        'PUT',
        `/api/usuarios/setpwd/${u.id}`,
        { id: u.id, password: 'Propia-clave-1', confirmedPassword: 'Propia-clave-1' },
        u.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(MSG.operationOk);
      expect((await row(u.id)).defaultPassword).toBe(0);
      expect(await login(t.app, u.username, 'Propia-clave-1')).toEqual(expect.any(String));
    });

    it("refuses the default password as one's own new password (the forced change would loop), with a message", async () => {
      const u = await createUser(t, [], { defaultPassword: 1 });
      const res = await req(
        'PUT',
        `/api/usuarios/setpwd/${u.id}`,
        { id: u.id, password: TEST_PASSWORD, confirmedPassword: TEST_PASSWORD },
        u.token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MSG.passwordIsDefault, errors: { password: MSG.passwordIsDefault } });
      expect((await row(u.id)).defaultPassword).toBe(1);
      expect((decodeJwt(await login(t.app, u.username)) as { user: { matchPassword: boolean } }).user.matchPassword).toBe(true);
    });

    it("refuses another user's password without 66 (403) and allows it with 66", async () => {
      const u = await createUser(t, []);
      const target = await createUser(t, []);
      const res = await req('PUT', `/api/usuarios/setpwd/${target.id}`, { id: target.id, password: 'Otra-clave-1' }, u.token);
      expect(res.statusCode).toBe(403);
      const pwd = await createUser(t, [ROLE.usuarioClave]);
      expect(
        (await req('PUT', `/api/usuarios/setpwd/${target.id}`, { id: target.id, password: 'Otra-clave-1' }, pwd.token)).statusCode,
      ).toBe(200);
      expect((await row(target.id)).defaultPassword).toBe(0);
      // resetting to the default password sends the user to the change-password screen again
      expect(
        (await req('PUT', `/api/usuarios/setpwd/${target.id}`, { id: target.id, password: TEST_PASSWORD }, pwd.token)).statusCode,
      ).toBe(200);
      expect((await row(target.id)).defaultPassword).toBe(1);
    });

    it("ends the user's other sessions: an admin's reset ends all of them, one's own change keeps the current one", async () => {
      const target = await createUser(t, []);
      const phone = await login(t.app, target.username);
      const tablet = await login(t.app, target.username);
      // Tokens carry whole seconds: let the change happen in a later second than their issue.
      await new Promise((r) => setTimeout(r, 1100));
      const own = await req('PUT', `/api/usuarios/setpwd/${target.id}`, { id: target.id, password: 'Propia-clave-2' }, tablet);
      expect(own.statusCode).toBe(200);
      expect((await req('GET', '/api/inicio', undefined, phone)).statusCode).toBe(401);
      expect((await req('GET', '/api/inicio', undefined, tablet)).statusCode).toBe(200);

      const fresh = await login(t.app, target.username, 'Propia-clave-2');
      await new Promise((r) => setTimeout(r, 1100));
      expect((await req('PUT', `/api/usuarios/setpwd/${target.id}`, { id: target.id, password: 'Nueva-clave-3' })).statusCode).toBe(200);
      for (const token of [tablet, fresh]) expect((await req('GET', '/api/inicio', undefined, token)).statusCode).toBe(401);
      expect((await req('GET', '/api/inicio', undefined, await login(t.app, target.username, 'Nueva-clave-3'))).statusCode).toBe(200);
    });

    it('a change ends the sessions opened in its own second, and a login right after it works', async () => {
      const target = await createUser(t, []);
      // Pin the clock inside one second: the old session, the change and the new login share it.
      const second = Math.floor(Date.now() / 1000) * 1000 + 100;
      const clock = vi.spyOn(Date, 'now').mockReturnValue(second);
      try {
        const old = await login(t.app, target.username);
        expect((await req('PUT', `/api/usuarios/setpwd/${target.id}`, { id: target.id, password: 'Misma-hora-1' })).statusCode).toBe(200);
        expect((await req('GET', '/api/inicio', undefined, old)).statusCode).toBe(401);
        const fresh = await login(t.app, target.username, 'Misma-hora-1');
        expect((await req('GET', '/api/inicio', undefined, fresh)).statusCode).toBe(200);
      } finally {
        clock.mockRestore();
      }
    });

    it('refuses short passwords and a confirmation that does not match (400)', async () => {
      const short = await req('PUT', '/api/usuarios/setpwd/1', { id: 1, password: 'corta' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors.password).toBe(FIELD.tooShort(PASSWORD_MIN));
      // The same rules as the password forms (they judge with this schema): an empty password is a missing one.
      expect((await req('PUT', '/api/usuarios/setpwd/1', { id: 1, password: '' })).json().errors.password).toBe(FIELD.required);
      const mismatch = await req('PUT', '/api/usuarios/setpwd/1', { id: 1, password: 'Clave-larga-1', confirmedPassword: 'Clave-larga-2' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().errors.confirmedPassword).toBe(MSG.passwordsDontMatch);
    });
  });
});
