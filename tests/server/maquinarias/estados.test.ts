// Machine state follows the work, with history (docs/architecture.md, "Machine state"): a failure with "máquina
// detenida" puts the machine EN REPARACION, a repair that closes the last stopping failure returns it to OPERATIVO
// (an open order on the stopped machine keeps it stopped), a manual change needs a reason, a new machine starts with
// ALTA; the history endpoint and the downtime per machine and range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@shared/auth/permissions';
import type { DisponibilidadRow, EstadoIntervalo } from '@shared/contract/maquinarias';
import { limaDate } from '@shared/domain/dates';
import { addDays } from '@shared/domain/wear';
import { MSG } from '@shared/messages';
import { maquinarias, maquinariasEstados, ordenesTrabajo } from '../../../src/server/db/schema/index';
import { seedMachine } from '../fixtures';
import { call, createTestApp, createUser, login, type TestApp } from '../helpers';

describe('machine state (maquinarias_estados)', () => {
  let t: TestApp;
  let token: string;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, tok = token) =>
    call(t.app, tok, { method, url, payload });
  const get = (url: string) => call(t.app, token, { method: 'GET', url });
  const estadoOf = async (id: number) =>
    (await t.database.db.select({ e: maquinarias.estado }).from(maquinarias).where(eq(maquinarias.id, id)))[0].e;
  const historia = async (id: number, q = '') => (await get(`/api/maquinarias/${id}/estados${q}`)).json() as EstadoIntervalo[];
  const falla = async (maquinariaId: number, detenida: boolean) => {
    const res = await send('POST', '/api/fallas', {
      editorMode: 'crear',
      maquinaria_id: maquinariaId,
      descripcion: detenida ? 'Motor no arranca' : 'Ruido en la cabina',
      detalle: null,
      maquina_detenida: detenida,
    });
    expect(res.statusCode).toBe(201);
    return res.json().falla_id as number;
  };
  const reparar = async (maquinariaId: number, fallaId: number) => {
    const res = await send('POST', '/api/reparaciones', {
      editorMode: 'crear',
      maquinaria_id: maquinariaId,
      descripcion: 'Cambio de arrancador',
      fecha: limaDate(),
      falla_id: fallaId,
    });
    expect(res.statusCode).toBe(201);
    return res.json().reparacion_id as number;
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
  });
  afterAll(() => t.close());

  it('a new machine starts its history with ALTA in the state it is registered with, by its user', async () => {
    const res = await send('POST', '/api/maquinarias', {
      placa: `ALTA-${process.pid % 1000}`,
      descripcion: 'RODILLO',
      marca: 'DYNAPAC',
      año_fabrica: 2018,
      estado: 1,
    });
    expect(res.statusCode).toBe(201);
    const h = await historia(res.json().id);
    expect(h).toEqual([
      expect.objectContaining({ estado: 1, origen: 'ALTA', hasta: null, motivo: null, usuario: expect.any(String), ref_id: null }),
    ]);
  });

  it('a failure with "máquina detenida" puts the machine EN REPARACION (FALLA); one without it leaves it OPERATIVO', async () => {
    const m = await seedMachine(t.database.db);
    await falla(m.id, false);
    expect(await estadoOf(m.id)).toBe(0);
    const f = await falla(m.id, true);
    expect(await estadoOf(m.id)).toBe(2);
    const [open] = await historia(m.id);
    expect(open).toMatchObject({ estado: 2, origen: 'FALLA', ref_id: f, hasta: null });
    expect((await get(`/api/fallas/${f}`)).json().maquina_detenida).toBe(true);
  });

  it('a repair returns it to OPERATIVO (REPARACION) only when no other stopping failure or open order keeps it stopped', async () => {
    const m = await seedMachine(t.database.db);
    const f1 = await falla(m.id, true);
    const f2 = await falla(m.id, true);
    const r1 = await reparar(m.id, f1);
    expect(await estadoOf(m.id)).toBe(2); // f2 still stops it
    // An open order on the stopped machine keeps it stopped too.
    const [ot] = await t.database.db
      .insert(ordenesTrabajo)
      .values({
        uid: crypto.randomUUID(),
        anio: 2026,
        numero: 9000 + m.id,
        maquinaria_id: m.id,
        origen: 'MANUAL',
        tipo: 'CORRECTIVA',
        descripcion: 'Revisión',
        estado: 'EN CURSO',
        maquina_detenida: true,
      })
      .returning({ id: ordenesTrabajo.ot_id });
    const r2 = await reparar(m.id, f2);
    expect(await estadoOf(m.id)).toBe(2);
    await t.database.db.update(ordenesTrabajo).set({ estado: 'CERRADA' }).where(eq(ordenesTrabajo.ot_id, ot.id));
    // Deleting the repair gives the failure back: stopped again; repairing it again releases the machine.
    expect((await send('DELETE', `/api/reparaciones/${r2}`)).statusCode).toBe(200);
    expect(await estadoOf(m.id)).toBe(2);
    const r3 = await reparar(m.id, f2);
    expect(await estadoOf(m.id)).toBe(0);
    const [open] = await historia(m.id);
    expect(open).toMatchObject({ estado: 0, origen: 'REPARACION', ref_id: r3, hasta: null });
    expect(r1).toBeLessThan(r3);
  });

  it('unticking "máquina detenida" or deleting the failure releases the machine', async () => {
    const m = await seedMachine(t.database.db);
    const f = await falla(m.id, true);
    const edit = await send('PUT', `/api/fallas/${f}`, {
      editorMode: 'editar',
      maquinaria_id: m.id,
      descripcion: 'Motor no arranca',
      maquina_detenida: false,
    });
    expect(edit.statusCode).toBe(200);
    expect(await estadoOf(m.id)).toBe(0);
    const g = await falla(m.id, true);
    expect(await estadoOf(m.id)).toBe(2);
    expect((await send('DELETE', `/api/fallas/${g}`)).statusCode).toBe(200);
    expect(await estadoOf(m.id)).toBe(0);
  });

  it('a manual change needs a reason (400, nothing changes) and is kept as MANUAL with the reason and the user', async () => {
    const m = await seedMachine(t.database.db);
    const body = { placa: m.placa, descripcion: 'CARGADOR FRONTAL', marca: 'CATERPILLAR', modelo: '950H', año_fabrica: 2015, estado: 1 };
    const before = await historia(m.id);
    const refused = await send('PUT', `/api/maquinarias/${m.id}`, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.motivo).toBe(MSG.stateReasonRequired);
    expect(await estadoOf(m.id)).toBe(0);
    expect(await historia(m.id)).toEqual(before);
    const editor = await createUser(t, [ROLE.maquinariaEditar]);
    const ok = await send('PUT', `/api/maquinarias/${m.id}`, { ...body, motivo: 'Baja temporal por falta de operador' }, editor.token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().estado).toBe(1);
    const [open] = await historia(m.id);
    expect(open).toMatchObject({ estado: 1, origen: 'MANUAL', motivo: 'Baja temporal por falta de operador', hasta: null });
    expect(open.usuario).toContain(editor.username);
    // An edit that keeps the state needs no reason and records nothing.
    const same = await send('PUT', `/api/maquinarias/${m.id}`, { ...body, descripcion: 'CARGADOR' });
    expect(same.statusCode).toBe(200);
    expect((await historia(m.id)).length).toBe(before.length + 1);
  });

  it('history intervals and downtime: hours not OPERATIVO within the range, availability, bounded by the range', async () => {
    const m = await seedMachine(t.database.db);
    const d0 = addDays(limaDate(), -10);
    const at = (days: number) => new Date(Date.parse(`${d0}T00:00:00-05:00`) + days * 86_400_000).toISOString();
    await t.database.db.delete(maquinariasEstados).where(eq(maquinariasEstados.maquinaria_id, m.id));
    await t.database.db.insert(maquinariasEstados).values([
      { maquinaria_id: m.id, estado: 0, desde: at(0), hasta: at(4), origen: 'ALTA' },
      { maquinaria_id: m.id, estado: 2, desde: at(4), hasta: at(6), origen: 'FALLA' },
      { maquinaria_id: m.id, estado: 0, desde: at(6), hasta: null, origen: 'REPARACION' },
    ]);
    const h = await historia(m.id, `?fini=${d0}&ffin=${limaDate()}`);
    expect(h.map((e) => [e.estado, e.origen])).toEqual([
      [0, 'REPARACION'],
      [2, 'FALLA'],
      [0, 'ALTA'],
    ]);
    expect(h[1]).toMatchObject({ desde: at(4), hasta: at(6) });
    expect((await historia(m.id, `?fini=${d0}&ffin=${d0}`)).map((e) => e.origen)).toEqual(['ALTA']);
    const dispo = async (fini: string, ffin: string) => {
      const res = await send('POST', '/api/maquinarias/disponibilidad', { maquinaria_id: m.id, fini, ffin });
      expect(res.statusCode).toBe(200);
      return (res.json() as DisponibilidadRow[])[0];
    };
    const all = await dispo(d0, limaDate());
    expect(all.horas_detenida).toBe(48);
    expect(all.disponibilidad).toBeCloseTo(100 * (1 - 48 / all.horas_periodo), 1);
    // The fifth day is wholly stopped; the third wholly working.
    expect(await dispo(addDays(d0, 4), addDays(d0, 4))).toMatchObject({ horas_periodo: 24, horas_detenida: 24, disponibilidad: 0 });
    expect(await dispo(addDays(d0, 2), addDays(d0, 2))).toMatchObject({ horas_detenida: 0, disponibilidad: 100 });
    // Every machine at once, bounded to the machines there are.
    const fleet = await send('POST', '/api/maquinarias/disponibilidad', { fini: d0, ffin: limaDate() });
    expect((fleet.json() as DisponibilidadRow[]).some((r) => r.maquinaria_id === m.id)).toBe(true);
    expect((await send('POST', '/api/maquinarias/disponibilidad', { fini: limaDate(), ffin: d0 })).statusCode).toBe(400);
  });
});
