// Machinery benchmark: 500 machines with 10 parts each (5,000 assignments) and two years of daily
// reports per machine (one a day, one hour-meter line), then the machinery list and the wear PDF of every machine
// (viewpdfgraficos?id=0), each expected under 1 s on PostgreSQL.
import { timeGets, type GetTiming } from './_get-timing';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/server/db/client';
import { limaToday } from './exits-screen';

export const MACHINERY = { machines: 500, partsPerMachine: 10, days: 730 };
/** Budget of each machinery case (median), ms. */
export const MACHINERY_BUDGET_MS = 1000;

export async function generateMachinery(db: Db): Promise<{ machines: number; parts: number; reports: number }> {
  const today = limaToday();
  const { machines, partsPerMachine, days } = MACHINERY;
  await db.execute(sql`insert into maquinarias (descripcion, marca, modelo, placa, anio_fabrica, horometro_inicial)
    select 'MAQUINA DE PRUEBA ' || g, 'CATERPILLAR', '950H', 'BW-' || lpad(g::text, 4, '0'), 2015, 1000
    from generate_series(1, ${machines}) g`);
  await db.execute(sql`insert into insumos (insumo_codigo, insumo_name, search_text, unimed_id)
    select 'BWP' || lpad(g::text, 3, '0'), 'Pieza de desgaste ' || g, 'bwp' || g || ' pieza de desgaste ' || g, (select min(unimed_id) from unimeds)
    from generate_series(1, ${partsPerMachine}) g`);
  // Parts assigned two years ago; two in three changed at some day of the last 300.
  await db.execute(sql`insert into insumos_maquinaria (maquinaria_id, insumo_id, hour_warning, hour_critical, horas_limite,
      last_date_mantenimiento, create_insumo_maq)
    select m.id, i.id, 250, 400, 500,
      case when (m.id + i.id) % 3 = 0 then null else ${today}::date - ((m.id * 7 + i.id * 13) % 300) end,
      now() - interval '${sql.raw(String(days))} days'
    from maquinarias m cross join insumos i where m.placa like 'BW-%' and i.insumo_codigo like 'BWP%'`);
  await db.execute(sql`insert into operadores (dni, nombres) values ('59999999', 'OPERADOR BENCH')`);
  await db.execute(sql`insert into actividades (activ_nombre) values ('Actividad bench')`);
  await db.execute(sql`insert into costos (descripcion) values ('Tarifas bench')`);
  await db.execute(sql`insert into costos_det (costo_id, descripcion, precio, unidad)
    select max(id), 'Hora bench', 100, 'HORA' from costos`);
  await db.execute(sql`insert into partes_diarios (nro_parte_interno, fecha, maquinaria_id, operador_id, actividad_id, monto)
    select 'B' || m.id || '-' || g, ${today}::date - g, m.id,
      (select max(operador_id) from operadores), (select max(id) from actividades), 0
    from maquinarias m cross join generate_series(0, ${days - 1}) g where m.placa like 'BW-%'`);
  await db.execute(sql`insert into partes_diarios_det (parte_id, costo_det_id, cantid, preuni, pretot, unidad)
    select p.parte_id, (select max(costo_det_id) from costos_det), 4 + p.parte_id % 7, 0, 0, 'HORA'
    from partes_diarios p join maquinarias m on m.id = p.maquinaria_id where m.placa like 'BW-%'`);
  await db.execute(sql`analyze`);
  const count = async (q: string) =>
    ((await db.execute(sql.raw(`select count(*)::int as n from ${q}`))) as unknown as { rows: { n: number }[] }).rows[0].n;
  return { machines: await count('maquinarias'), parts: await count('insumos_maquinaria'), reports: await count('partes_diarios') };
}

export type MachineryResult = GetTiming;

/** The list and the all-machines wear PDF through app.inject, twice to warm up then `runs` times. */
export async function timeMachinery(app: FastifyInstance, token: string, runs = 7): Promise<MachineryResult[]> {
  const cases = [
    { name: 'machinery list GET /api/maquinarias', url: '/api/maquinarias' },
    { name: 'wear PDF viewpdfgraficos?id=0', url: '/api/maquinarias/viewpdfgraficos?id=0' },
  ];
  return timeGets(app, token, cases, runs);
}
