// Operators API: the DNI lookup over persons imported with `npm run import`, create with the
// registry's id, duplicate DNI (422 duplicate_op), edit that never changes the DNI, delete refused while the
// operator has exits or daily reports, role codes 10/11/12, idempotent saves and audit.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, ROLE } from '@shared/auth/permissions';
import { FIELD, MSG } from '@shared/messages';
import { seedMachine } from './fixtures';
import { actividades, auditLog, operadores, partesDiarios, salidas } from '../../src/server/db/schema/index';
import { importFile } from '../../src/server/integrations/import';
import { call, createTestApp, createUser, login, type TestApp } from './helpers';

const PERSONS =
  'dni,prenombres,ap_primer,ap_segundo,direccion,fecha_nac,celular,email\n' +
  '45871236,ROSA ELENA,QUISPE,HUAMAN,JR. AYACUCHO 120 HUANCAYO,1988-04-12,964123456,rosa.quispe@gmail.com\n' +
  '40112233,MARCO,SALAZAR,,,,,\n';

describe('operators API (/api/operadores)', () => {
  let t: TestApp;
  let token: string;
  let dir: string;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, opts: { key?: string; tok?: string } = {}) =>
    call(t.app, opts.tok ?? token, { method, url, payload, key: opts.key });
  const get = (url: string) => call(t.app, token, { method: 'GET', url });
  const body = (extra: Record<string, unknown> = {}) => ({
    editorMode: 'crear',
    dni: '45871236',
    nombres: 'QUISPE HUAMAN, ROSA ELENA',
    direccion: 'JR. AYACUCHO 120 HUANCAYO',
    email: 'rosa.quispe@gmail.com',
    celular: '964123456',
    fecha_nac: '1988-04-12',
    indiv_id: 999,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    dir = mkdtempSync(join(tmpdir(), 'operadores-'));
    const file = join(dir, 'personas.csv');
    writeFileSync(file, PERSONS);
    expect(await importFile(t.database.db, 'personas', file)).toMatchObject({ imported: 2, errors: [] });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  let registryId: number;
  it('GET searchdni answers the individuals of the identity registry; [] for an unknown DNI; 400 for a bad one', async () => {
    const res = await get('/api/operadores/searchdni/45871236');
    expect(res.statusCode).toBe(200);
    const [p] = res.json();
    expect(p).toEqual({
      indiv_id: expect.any(Number),
      indiv_appaterno: 'QUISPE',
      indiv_apmaterno: 'HUAMAN',
      indiv_nombres: 'ROSA ELENA',
      indiv_direccion1: 'JR. AYACUCHO 120 HUANCAYO',
      indiv_fechanac: '1988-04-12',
      indiv_celular: '964123456',
      indiv_email: 'rosa.quispe@gmail.com',
    });
    registryId = p.indiv_id;
    expect((await get('/api/operadores/searchdni/40112233')).json()[0]).toMatchObject({ indiv_nombres: 'MARCO', indiv_email: null });
    expect((await get('/api/operadores/searchdni/11112222')).json()).toEqual([]);
    // A file may also name its columns like the lookup's answer.
    const spec = join(dir, 'indiv.csv');
    writeFileSync(
      spec,
      'dni;indiv_nombres;indiv_appaterno;indiv_apmaterno;indiv_fechanac;indiv_email\n11112222;ANA;SOTO;PAREDES;02/05/1990;ana.soto@hotmail.com\n',
    );
    expect(await importFile(t.database.db, 'personas', spec)).toMatchObject({ imported: 1, errors: [] });
    expect((await get('/api/operadores/searchdni/11112222')).json()[0]).toMatchObject({
      indiv_nombres: 'ANA',
      indiv_appaterno: 'SOTO',
      indiv_apmaterno: 'PAREDES',
      indiv_fechanac: '1990-05-02',
      indiv_email: 'ana.soto@hotmail.com',
    });
    const bad = await get('/api/operadores/searchdni/1234567');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ dni: FIELD.dni });
  });

  let id: number;
  it('POST creates the operator with the registry id of the DNI (not the one sent), 201', async () => {
    const res = await send('POST', '/api/operadores', body());
    expect(res.statusCode).toBe(201);
    const o = res.json();
    id = o.operador_id;
    expect(o).toEqual({
      operador_id: expect.any(Number),
      indiv_id: registryId,
      dni: '45871236',
      nombres: 'QUISPE HUAMAN, ROSA ELENA',
      direccion: 'JR. AYACUCHO 120 HUANCAYO',
      celular: '964123456',
      email: 'rosa.quispe@gmail.com',
      fecha_nac: '1988-04-12',
      sexo: null,
    });
    expect((await get(`/api/operadores/${id}`)).json()).toEqual(o);
    expect((await get('/api/operadores')).json()).toContainEqual(o);
  });

  it('POST with a DNI already registered is a 422 with message duplicate_op, and changes nothing', async () => {
    const res = await send('POST', '/api/operadores', body({ nombres: 'OTRO NOMBRE' }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'duplicate_op' });
    const [{ n }] = await t.database.db.select({ n: count() }).from(operadores).where(eq(operadores.dni, '45871236'));
    expect(n).toBe(1);
  });

  it('POST validates DNI, names, the spec email pattern, mobile and birth date (400, field messages)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dni: '4587123' }, 'dni', FIELD.dni],
      [{ dni: '4587123A' }, 'dni', FIELD.dni],
      [{ dni: undefined }, 'dni', FIELD.required],
      [{ dni: '' }, 'dni', FIELD.required],
      [{ nombres: '  ' }, 'nombres', FIELD.required],
      [{ email: 'rosa@correo' }, 'email', FIELD.email],
      [{ email: 'rosa@correo.comercial' }, 'email', FIELD.email],
      [{ email: 'rosa quispe@gmail.com' }, 'email', FIELD.email],
      [{ celular: 'abc' }, 'celular', FIELD.phone],
      [{ fecha_nac: '1988-02-30' }, 'fecha_nac', FIELD.date],
      [{ fecha_nac: '2999-01-01' }, 'fecha_nac', MSG.birthDateFuture],
    ];
    for (const [extra, field, message] of cases) {
      const res = await send('POST', '/api/operadores', body({ dni: '40112233', ...extra }));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().errors?.[field], JSON.stringify(extra)).toBe(message);
    }
    expect((await get('/api/operadores')).json().some((o: { dni: string }) => o.dni === '40112233')).toBe(false);
  });

  let marco: number;
  it('POST accepts empty optional fields as none, an upper-case email in lower case, and a DNI unknown to the registry', async () => {
    const res = await send('POST', '/api/operadores', {
      dni: '40112233',
      nombres: 'SALAZAR, MARCO',
      direccion: '',
      email: ' Marco.Salazar@Municipio.GOB.PE ',
      celular: '',
      fecha_nac: '',
      sexo: 'm',
    });
    expect(res.statusCode).toBe(201);
    marco = res.json().operador_id;
    expect(res.json()).toMatchObject({
      direccion: null,
      email: 'marco.salazar@municipio.gob.pe',
      celular: null,
      fecha_nac: null,
      sexo: 'M',
    });
    const other = await send('POST', '/api/operadores', { dni: '70000001', nombres: 'SIN REGISTRO, ANA' });
    expect(other.statusCode).toBe(201);
    expect(other.json().indiv_id).toBeNull();
  });

  it('PUT edits everything but the DNI (a DNI in the body is ignored); 404 for an unknown operator', async () => {
    const res = await send(
      'PUT',
      `/api/operadores/${id}`,
      body({ editorMode: 'editar', dni: '99999999', nombres: 'QUISPE H., ROSA', celular: '' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ operador_id: id, dni: '45871236', nombres: 'QUISPE H., ROSA', celular: null, indiv_id: registryId });
    expect((await send('PUT', '/api/operadores/999999', body())).statusCode).toBe(404);
    expect((await send('PUT', `/api/operadores/${id}`, body({ nombres: '' }))).statusCode).toBe(400);
    expect((await get('/api/operadores/999999')).statusCode).toBe(404);
    expect((await get('/api/operadores/abc')).statusCode).toBe(400);
  });

  it('DELETE is refused with 403 and the server message while the operator has exits or daily reports', async () => {
    const db = t.database.db;
    const maq = await seedMachine(db);
    await db.insert(salidas).values({ nro_vale: 'V-1', fecha: '2026-01-05', maquinaria_id: maq.id, operador_id: id });
    const res = await send('DELETE', `/api/operadores/${id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.operatorInUse(1, 0) });

    const [act] = await db
      .insert(actividades)
      .values({ activ_nombre: `ACT ${randomUUID()}`, activ_estado: 1 })
      .returning();
    await db
      .insert(partesDiarios)
      .values({ nro_parte_interno: 'P-1', fecha: '2026-01-05', maquinaria_id: maq.id, operador_id: marco, actividad_id: act.id });
    const res2 = await send('DELETE', `/api/operadores/${marco}`);
    expect(res2.statusCode).toBe(403);
    expect(res2.json().message).toBe(MSG.operatorInUse(0, 1));
    expect((await get(`/api/operadores/${marco}`)).statusCode).toBe(200);
  });

  it('DELETE removes a free operator (Registro eliminado) and writes the audit; then 404', async () => {
    const o = await send('POST', '/api/operadores', { dni: '70000002', nombres: 'LIBRE, JOSE' });
    const oid = o.json().operador_id;
    const res = await send('DELETE', `/api/operadores/${oid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.deleted });
    expect((await get(`/api/operadores/${oid}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/operadores/${oid}`)).statusCode).toBe(404);
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'operadores'), eq(auditLog.resource_id, String(oid))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete']);
  });

  it('a repeated Idempotency-Key answers the first result and creates one operator; another body is a 409', async () => {
    const key = randomUUID();
    const payload = { dni: '70000003', nombres: 'REPETIDO, LUIS' };
    const a = await send('POST', '/api/operadores', payload, { key });
    const b = await send('POST', '/api/operadores', payload, { key });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    const [{ n }] = await t.database.db.select({ n: count() }).from(operadores).where(eq(operadores.dni, '70000003'));
    expect(n).toBe(1);
    expect((await send('POST', '/api/operadores', { ...payload, nombres: 'OTRO' }, { key })).statusCode).toBe(409);
  });

  it("personal fields (address, mobile, e-mail, birth date, sex) only for the operators screen's codes; name and DNI for every reader", async () => {
    const created = await send('POST', '/api/operadores', body({ dni: '41556677', nombres: 'PRUEBA, PERSONAL', email: 'marco@x.pe' }));
    expect(created.statusCode).toBe(201);
    const id = created.json().operador_id as number;
    const personal = { direccion: expect.any(String), celular: expect.any(String), email: 'marco@x.pe', fecha_nac: '1988-04-12' };
    const hidden = { direccion: null, celular: null, email: null, fecha_nac: null, sexo: null };
    const reader = async (roles: number[]) => (await createUser(t, roles)).token;
    const read = async (tok: string) => ({
      list: (await call(t.app, tok, { method: 'GET', url: '/api/operadores' }))
        .json()
        .find((o: { operador_id: number }) => o.operador_id === id),
      one: (await call(t.app, tok, { method: 'GET', url: `/api/operadores/${id}` })).json(),
      registry: (await call(t.app, tok, { method: 'GET', url: '/api/operadores/searchdni/45871236' })).json()[0],
    });
    for (const code of [MENU.operadores, ROLE.operadorNuevo, ROLE.operadorEditar]) {
      const r = await read(await reader([code]));
      expect(r.list).toMatchObject(personal);
      expect(r.one).toMatchObject(personal);
      expect(r.registry).toMatchObject({ indiv_direccion1: 'JR. AYACUCHO 120 HUANCAYO', indiv_celular: '964123456' });
    }
    // A user with no codes reads no operator at all (least privilege on reads).
    const none = await reader([]);
    expect((await call(t.app, none, { method: 'GET', url: '/api/operadores' })).statusCode).toBe(403);
    // The exit form's clerk and the valuations' staff (daily reports): name and DNI, nothing personal.
    for (const roles of [
      [MENU.almacen, MENU.salidas, ROLE.salidaNuevo],
      [MENU.valorizaciones, MENU.registrarValorizaciones],
    ]) {
      const r = await read(await reader(roles));
      expect(r.list).toEqual({ operador_id: id, indiv_id: null, dni: '41556677', nombres: 'PRUEBA, PERSONAL', ...hidden });
      expect(r.one).toEqual(r.list);
      expect(r.registry).toMatchObject({
        indiv_nombres: 'ROSA ELENA',
        indiv_direccion1: null,
        indiv_fechanac: null,
        indiv_celular: null,
        indiv_email: null,
      });
    }
    expect((await send('DELETE', `/api/operadores/${id}`)).statusCode).toBe(200);
  });

  it('codes: 10 creates, 11 edits, 12 deletes; each refused (403) without its code', async () => {
    const only10 = (await createUser(t, [ROLE.operadorNuevo])).token;
    const only11 = (await createUser(t, [ROLE.operadorEditar])).token;
    const only12 = (await createUser(t, [ROLE.operadorEliminar])).token;
    expect((await send('POST', '/api/operadores', { dni: '70000004', nombres: 'X' }, { tok: only11 })).statusCode).toBe(403);
    const created = await send('POST', '/api/operadores', { dni: '70000004', nombres: 'X' }, { tok: only10 });
    expect(created.statusCode).toBe(201);
    const oid = created.json().operador_id;
    expect((await send('PUT', `/api/operadores/${oid}`, { nombres: 'Y' }, { tok: only10 })).statusCode).toBe(403);
    expect((await send('PUT', `/api/operadores/${oid}`, { nombres: 'Y' }, { tok: only11 })).statusCode).toBe(200);
    expect((await send('DELETE', `/api/operadores/${oid}`, undefined, { tok: only11 })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/operadores/${oid}`, undefined, { tok: only12 })).statusCode).toBe(200);
    expect((await call(t.app, null, { method: 'GET', url: '/api/operadores' })).statusCode).toBe(401);
  });
});
