// GET /api/inicio: the welcome screen's cards, each only for users who may open its screen; parts in danger and
// parts whose forecast reaches the limit within 7 days, pending failures, unbilled daily reports, pending requests.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { InicioAnswer } from '@shared/contract/inicio';
import { limaDate } from '@shared/domain/dates';
import {
  costosDet,
  insumos,
  insumosMaquinaria,
  operadores,
  actividades,
  partesDiarios,
  partesDiariosDet,
  fallas,
  unimeds,
} from '../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, type TestApp } from './helpers';
import { seedWear } from './wear-fixture';

describe('welcome cards (/api/inicio)', () => {
  let t: TestApp;
  let admin: string;
  let wear: Awaited<ReturnType<typeof seedWear>>;
  const get = async (token: string) => {
    const res = await call(t.app, token, { method: 'GET', url: '/api/inicio' });
    expect(res.statusCode).toBe(200);
    return res.json() as InicioAnswer;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    const db = t.database.db;
    wear = await seedWear(t);
    // A part that is still below its warning band but, at today's use, reaches its limit within 7 days.
    const [u] = await db.select({ id: unimeds.unimed_id }).from(unimeds).limit(1);
    const [c] = await db.insert(insumos).values({ insumo_codigo: 'WEAR-C', insumo_name: 'Filtro C', unimed_id: u.id }).returning();
    await db
      .insert(insumosMaquinaria)
      .values({ maquinaria_id: wear.maquinariaId, insumo_id: c.id, hour_warning: 900, hour_critical: 950, horas_limite: 1000 });
    const [hora] = await db.select().from(costosDet).where(eq(costosDet.unidad, 'HORA')).limit(1);
    const [op] = await db.select().from(operadores).limit(1);
    const [act] = await db.select().from(actividades).limit(1);
    const [p] = await db
      .insert(partesDiarios)
      .values({
        nro_parte_interno: 'P-HOY',
        fecha: limaDate(),
        maquinaria_id: wear.maquinariaId,
        operador_id: op.operador_id,
        actividad_id: act.id,
        monto: 1250.5,
      })
      .returning();
    await db
      .insert(partesDiariosDet)
      .values({ parte_id: p.parte_id, costo_det_id: hora.costo_det_id, cantid: 850, preuni: 0, pretot: 0, unidad: 'HORA' });
    await db
      .insert(fallas)
      .values({ maquinaria_id: wear.maquinariaId, descripcion: 'Fuga de aceite', detalle: 'Bajo el motor', estado: 0 });
  });
  afterAll(() => t.close());

  it('answers every card to a user with every screen: parts in danger, parts reaching their limit soon, failures, unbilled reports, requests', async () => {
    const a = await get(admin);
    expect(a.insumos?.peligro.items.map((p) => p.insumo_name)).toEqual(expect.arrayContaining(['Filtro A', 'Filtro B']));
    expect(a.insumos?.peligro.items.every((p) => p.nivel === 'danger')).toBe(true);
    const soon = a.insumos?.proximos.items.find((p) => p.insumo_name === 'Filtro C');
    expect(soon).toMatchObject({ placa: 'WEAR-1', contador: 850, horas_limite: 1000, nivel: 'info' });
    expect(soon!.fecha_limite! > limaDate()).toBe(true);
    expect(a.fallas?.total).toBeGreaterThanOrEqual(1);
    expect(a.fallas?.items[0]).toMatchObject({ placa: 'WEAR-1', descripcion: 'Fuga de aceite', fecha: limaDate() });
    expect(a.partes_sin_valorizar?.total).toBeGreaterThanOrEqual(1);
    expect(a.partes_sin_valorizar?.monto).toBeGreaterThanOrEqual(1250.5);
    expect(a.pedidos_pendientes).toEqual({ total: expect.any(Number) });
  });

  it('leaves out the cards of screens the user cannot open', async () => {
    const clerk = await createUser(t, [MENU.almacen, MENU.pedidos]);
    const c = await get(await login(t.app, clerk.username));
    expect(c).toEqual({
      insumos: null,
      fallas: null,
      partes_sin_valorizar: null,
      pedidos_pendientes: { total: expect.any(Number) },
      tareas: null,
      ordenes_espera: null,
      lecturas_rechazadas: null,
      detenidas: null,
    });
    const supervisor = await createUser(t, [MENU.fallas]);
    const s = await get(await login(t.app, supervisor.username));
    expect(s.fallas?.total).toBeGreaterThanOrEqual(1);
    expect(s.insumos).toBeNull();
    // A field supervisor who writes reports (23) without registering valuations (18) opens Partes diarios.
    const campo = await createUser(t, [MENU.valorizaciones, ROLE.parteDiarioNuevo]);
    const p = await get(await login(t.app, campo.username));
    expect(p.partes_sin_valorizar?.total).toBeGreaterThanOrEqual(1);
    expect(p.fallas).toBeNull();
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inicio' })).statusCode).toBe(401);
  });
});
