// Maintenance alerts of the bell (GET /api/notificaciones) and Inicio (GET /api/inicio): plan tasks overdue or due soon,
// orders waiting for parts, readings refused lately, machines stopped for more than N days (setting
// diasMaquinaDetenida, default 7); each only to the users holding the codes of the screen it concerns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { InicioAnswer } from '@shared/contract/inicio';
import type { NotificationItem } from '@shared/contract/notificaciones';
import { limaDate } from '@shared/domain/dates';
import {
  ajustes,
  lecturasRechazadas,
  maquinarias,
  maquinariasEstados,
  ordenesTrabajo,
  planes,
  planesTareas,
} from '../../../src/server/db/schema/index';
import { eq } from 'drizzle-orm';
import { seedMachine } from '../fixtures';
import { call, createTestApp, createUser, type TestApp, type TestUser } from '../helpers';

describe('maintenance alerts', () => {
  let t: TestApp;
  let m: { id: number; placa: string };
  const bell = async (u: TestUser) =>
    (await call(t.app, u.token, { method: 'GET', url: '/api/notificaciones' })).json().items as NotificationItem[];
  const inicio = async (u: TestUser) => (await call(t.app, u.token, { method: 'GET', url: '/api/inicio' })).json() as InicioAnswer;
  const kinds = (items: NotificationItem[]) => [...new Set(items.filter((i) => i.maquinaria_id === m.id).map((i) => i.tipo))].sort();

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    m = await seedMachine(db, 'MOTONIVELADORA');
    const [plan] = await db.insert(planes).values({ maquinaria_id: m.id, nombre: 'Plan' }).returning();
    await db.insert(planesTareas).values([
      { plan_id: plan.plan_id, nombre: 'Cambio de aceite', cada_dias: 90, base_fecha: '2025-01-01', proximo_fecha: '2025-04-01' },
      { plan_id: plan.plan_id, nombre: 'Al día', cada_dias: 90, base_fecha: limaDate(), proximo_fecha: '2999-01-01' },
    ]);
    await db.insert(ordenesTrabajo).values({
      uid: crypto.randomUUID(),
      anio: 2026,
      numero: 77,
      maquinaria_id: m.id,
      origen: 'MANUAL',
      tipo: 'CORRECTIVA',
      descripcion: 'Cambio de bomba',
      estado: 'EN ESPERA DE REPUESTOS',
    });
    await db.insert(lecturasRechazadas).values({
      maquinaria_id: m.id,
      nro_parte_interno: '1234',
      fecha: limaDate(),
      horometro_inicial: 4380,
      horometro_final: 4390,
      mensaje: 'El horómetro inicial 4,380.0 es menor que el final del parte N° 1233',
    });
    // Stopped 10 days ago.
    await db.update(maquinarias).set({ estado: 2 }).where(eq(maquinarias.id, m.id));
    await db.insert(maquinariasEstados).values({
      maquinaria_id: m.id,
      estado: 2,
      desde: new Date(Date.now() - 10 * 86_400_000).toISOString(),
      origen: 'FALLA',
    });
  });
  afterAll(() => t.close());

  it('the bell tells each kind only to the users holding its codes', async () => {
    expect(kinds(await bell(await createUser(t, [MENU.fallas])))).toEqual([]);
    expect(kinds(await bell(await createUser(t, [MENU.mantenimientoPreventivo])))).toEqual(['DETENIDA', 'TAREA']);
    expect(kinds(await bell(await createUser(t, [MENU.ordenesTrabajo])))).toEqual(['DETENIDA', 'ORDEN', 'TAREA']);
    expect(kinds(await bell(await createUser(t, [ROLE.lecturaCorregir])))).toEqual(['LECTURA']);
    const all = await bell(await createUser(t, [MENU.maquinarias, ROLE.planNuevo, ROLE.ordenEjecutar, ROLE.lecturaCorregir]));
    const mine = all.filter((i) => i.maquinaria_id === m.id);
    expect(mine.find((i) => i.tipo === 'TAREA')?.descripcion).toBe(`Mantenimiento vencido en ${m.placa}: Plan: Cambio de aceite`);
    expect(mine.find((i) => i.tipo === 'ORDEN')?.descripcion).toBe(`OT 2026-0077 de ${m.placa} en espera de repuestos: Cambio de bomba`);
    expect(mine.find((i) => i.tipo === 'DETENIDA')?.descripcion).toBe(`${m.placa} lleva 10 días EN REPARACION`);
    expect(mine.find((i) => i.tipo === 'LECTURA')?.descripcion).toContain('Lectura rechazada del parte N° 1234');
    expect(mine.filter((i) => i.tipo === 'TAREA')).toHaveLength(1); // the task up to date is not announced
  });

  it('Inicio gives the cards to the users with the codes, null to the others', async () => {
    const chief = await inicio(await createUser(t, [MENU.mantenimientoPreventivo, MENU.ordenesTrabajo, ROLE.lecturaCorregir]));
    expect(chief.tareas?.vencidas.items.map((x) => x.nombre)).toContain('Cambio de aceite');
    expect(chief.tareas?.proximas.items.some((x) => x.nombre === 'Al día')).toBe(false);
    expect(chief.ordenes_espera?.items.map((o) => o.numero)).toContain(77);
    expect(chief.lecturas_rechazadas?.items.map((l) => l.nro_parte_interno)).toContain('1234');
    expect(chief.detenidas).toMatchObject({ dias: 7 });
    expect(chief.detenidas?.items.find((x) => x.maquinaria_id === m.id)).toMatchObject({ estado: 2, dias: 10 });
    const clerk = await inicio(await createUser(t, [MENU.fallas]));
    expect([clerk.tareas, clerk.ordenes_espera, clerk.lecturas_rechazadas, clerk.detenidas]).toEqual([null, null, null, null]);
  });

  it('N days is a setting: a machine stopped for less is not announced', async () => {
    await t.database.db.insert(ajustes).values({ key: 'diasMaquinaDetenida', value: '15' });
    const u = await createUser(t, [MENU.maquinarias]);
    expect(kinds(await bell(u))).toEqual([]);
    const cards = await inicio(u);
    expect(cards.detenidas?.dias).toBe(15);
    expect(cards.detenidas?.items.some((x) => x.maquinaria_id === m.id)).toBe(false);
  });
});
