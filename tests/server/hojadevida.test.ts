// A machine's record (GET /api/hojadevida/:id, code 75): its data and wear, the meter over time, its plan's tasks with
// their due state, its open orders, its downtime and one timeline of what happened, bounded by the range (default:
// the last 12 months) and by HOJA_MAX_EVENTOS rows; the kinds filter; the PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE } from '@shared/auth/permissions';
import { HOJA_MAX_EVENTOS, type HojaDeVidaAnswer } from '@shared/contract/hojadevida';
import { limaDate } from '@shared/domain/dates';
import { addDays } from '@shared/domain/wear';
import {
  cambiosInsumo,
  insumosMaquinaria,
  operadores,
  ordenesTrabajo,
  planes,
  planesTareas,
  salidas,
  salidasDet,
} from '../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, type TestApp } from './helpers';
import { seedWear } from './wear-fixture';

describe('GET /api/hojadevida/:id', () => {
  let t: TestApp;
  let token: string;
  let w: Awaited<ReturnType<typeof seedWear>>;
  let salidaId: number;
  let insumoId: number;
  const get = async (q = '', tok = token, id = w.maquinariaId) => call(t.app, tok, { method: 'GET', url: `/api/hojadevida/${id}${q}` });
  const hoja = async (q = '') => {
    const res = await get(q);
    expect(res.statusCode).toBe(200);
    return res.json() as HojaDeVidaAnswer;
  };

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    w = await seedWear(t);
    const db = t.database.db;
    const [op] = await db.select().from(operadores).where(eq(operadores.dni, '76543210'));
    const [part] = await db.select().from(insumosMaquinaria).where(eq(insumosMaquinaria.insumo_maq_id, w.partA));
    insumoId = part.insumo_id;
    const [s] = await db
      .insert(salidas)
      .values({ nro_vale: 'HV-1', fecha: '2025-01-11', maquinaria_id: w.maquinariaId, operador_id: op.operador_id })
      .returning();
    salidaId = s.id;
    await db.insert(salidasDet).values({ salida_id: s.id, insumo_id: insumoId, cantidad: 2, observacion: 'Para el cambio' });
    await db.insert(cambiosInsumo).values({
      insumo_maq_id: w.partA,
      maquinaria_id: w.maquinariaId,
      insumo_id: insumoId,
      fecha: '2025-01-12',
      observacion: 'Cambio de filtro',
      horas_acumuladas: 60,
    });
    const [plan] = await db.insert(planes).values({ maquinaria_id: w.maquinariaId, nombre: 'Plan 250 h' }).returning();
    await db.insert(planesTareas).values([
      // The machine's meter is 560 h: due at 500 h (overdue), at 600 h with a 50 h margin (due soon), far in time.
      { plan_id: plan.plan_id, nombre: 'Cambio de aceite', cada_medidor: 250, base_fecha: '2025-01-01', proximo_medidor: 500 },
      { plan_id: plan.plan_id, nombre: 'Engrase', cada_medidor: 250, margen_medidor: 50, base_fecha: '2025-01-01', proximo_medidor: 600 },
      { plan_id: plan.plan_id, nombre: 'Revisión anual', cada_dias: 365, base_fecha: limaDate(), proximo_fecha: addDays(limaDate(), 365) },
    ]);
    await db.insert(ordenesTrabajo).values([
      {
        uid: crypto.randomUUID(),
        anio: 2026,
        numero: 501,
        maquinaria_id: w.maquinariaId,
        origen: 'PLAN',
        tipo: 'PREVENTIVA',
        descripcion: 'Cambio de aceite',
        estado: 'ABIERTA',
      },
      {
        uid: crypto.randomUUID(),
        anio: 2026,
        numero: 502,
        maquinaria_id: w.maquinariaId,
        origen: 'MANUAL',
        tipo: 'CORRECTIVA',
        descripcion: 'Cerrada',
        estado: 'CERRADA',
      },
    ]);
    const f = await call(t.app, token, {
      method: 'POST',
      url: '/api/fallas',
      payload: { editorMode: 'crear', maquinaria_id: w.maquinariaId, descripcion: 'Motor no arranca', maquina_detenida: true },
    });
    expect(f.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('answers the machine with its wear, its tasks with their due state, its open orders and the last 12 months by default', async () => {
    const h = await hoja();
    expect(h.maquinaria).toMatchObject({ id: w.maquinariaId, placa: 'WEAR-1', estado: 2, horometro_actual: 560 });
    expect(h.maquinaria.insumos.map((p) => p.insumo_maq_id)).toEqual([w.partA, w.partB]);
    expect(h.ffin).toBe(limaDate());
    expect(h.fini).toBe(addDays(`${Number(limaDate().slice(0, 4)) - 1}${limaDate().slice(4)}`, 1));
    // Overdue first, then due soon, then up to date.
    expect(h.tareas.map((x) => [x.nombre, x.estado])).toEqual([
      ['Cambio de aceite', 'vencida'],
      ['Engrase', 'proxima'],
      ['Revisión anual', 'al_dia'],
    ]);
    expect(h.tareas[0].pronostico).toBe(limaDate());
    expect(h.ordenes.map((o) => o.numero)).toEqual([501]);
    // Only what happened in the range: the failure, its state change and the orders of today, none of the 2025 reports.
    expect(h.eventos.map((e) => e.tipo).sort()).toEqual(['ESTADO', 'FALLA', 'ORDEN', 'ORDEN']);
    expect(h.eventos.find((e) => e.tipo === 'ESTADO')).toMatchObject({ titulo: 'EN REPARACION', estado: 'Vigente' });
    expect(h.lecturas).toEqual([]);
    expect(h.disponibilidad).toMatchObject({ maquinaria_id: w.maquinariaId });
    expect(h.eventos_truncados).toBe(false);
  });

  it('a range shows its reports, parts consumed and part changes, the meter per day, newest first; tipos filters', async () => {
    const h = await hoja('?fini=2025-01-01&ffin=2025-01-31');
    // Newest day first; within a day, the newest recorded first (these rows were inserted in this order).
    expect(h.eventos.map((e) => e.fecha)).toEqual(['2025-01-13', '2025-01-12', '2025-01-12', '2025-01-11', '2025-01-11', '2025-01-10']);
    expect(h.eventos.map((e) => e.tipo).sort()).toEqual(['CAMBIO', 'PARTE', 'PARTE', 'PARTE', 'PARTE', 'SALIDA']);
    expect(h.eventos.filter((e) => e.tipo === 'PARTE').map((e) => e.fecha)).toEqual([
      '2025-01-13',
      '2025-01-12',
      '2025-01-11',
      '2025-01-10',
    ]);
    expect(h.eventos.find((e) => e.tipo === 'SALIDA')).toMatchObject({
      cantidad: 2,
      titulo: 'Filtro A',
      detalle: 'Vale N° HV-1 · Para el cambio',
    });
    expect(h.eventos.find((e) => e.tipo === 'CAMBIO')).toMatchObject({ cantidad: 60, detalle: 'Cambio de filtro' });
    expect(h.lecturas).toEqual([
      { fecha: '2025-01-10', medidor: 500 },
      { fecha: '2025-01-11', medidor: 540 },
      { fecha: '2025-01-12', medidor: 560 },
    ]);
    const only = await hoja('?fini=2025-01-01&ffin=2025-01-31&tipos=SALIDA,CAMBIO');
    expect(only.eventos.map((e) => e.tipo).sort()).toEqual(['CAMBIO', 'SALIDA']);
  });

  it(`keeps at most ${HOJA_MAX_EVENTOS} entries, the newest, and says some were left out`, async () => {
    await t.database.db.insert(salidasDet).values(
      Array.from({ length: HOJA_MAX_EVENTOS + 5 }, (_, i) => ({
        salida_id: salidaId,
        insumo_id: insumoId,
        cantidad: 1,
        observacion: `L${i}`,
      })),
    );
    const h = await hoja('?fini=2025-01-01&ffin=2025-01-31');
    expect(h.eventos).toHaveLength(HOJA_MAX_EVENTOS);
    expect(h.eventos_truncados).toBe(true);
    expect(h.eventos[0].fecha).toBe('2025-01-13');
  });

  it('refuses a wrong range or kind (400), an unknown machine (404) and a user without code 75 (403)', async () => {
    expect((await get('?fini=2025-02-01&ffin=2025-01-01')).statusCode).toBe(400);
    expect((await get('?tipos=NADA')).statusCode).toBe(400);
    expect((await get('', token, 999999)).statusCode).toBe(404);
    const other = await createUser(t, [ROLE.maquinariaNuevo]);
    expect((await get('', other.token)).statusCode).toBe(403);
    const reader = await createUser(t, [ROLE.hojaDeVida]);
    expect((await get('', reader.token)).statusCode).toBe(200);
  });

  it('prints the record as a PDF', async () => {
    const res = await call(t.app, token, { method: 'GET', url: `/api/hojadevida/${w.maquinariaId}/pdf?fini=2025-01-01&ffin=2025-01-31` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
