// Test fixture for part wear: one machine with two part assignments and daily reports with meter lines.
import {
  actividades,
  costos,
  costosDet,
  insumos,
  insumosMaquinaria,
  maquinarias,
  operadores,
  partesDiarios,
  partesDiariosDet,
  unimeds,
} from '../../src/server/db/schema/index';
import type { TestApp } from './helpers';

export async function seedWear(t: TestApp) {
  const db = t.database.db;
  const [u] = await db.select({ id: unimeds.unimed_id }).from(unimeds).limit(1);
  const [m] = await db
    .insert(maquinarias)
    .values({ descripcion: 'CARGADOR', marca: 'CAT', placa: 'WEAR-1', anio_fabrica: 2018 })
    .returning();
  const [a, b] = await db
    .insert(insumos)
    .values([
      { insumo_codigo: 'WEAR-A', insumo_name: 'Filtro A', unimed_id: u.id },
      { insumo_codigo: 'WEAR-B', insumo_name: 'Filtro B', unimed_id: u.id },
    ])
    .returning();
  const [ia, ib] = await db
    .insert(insumosMaquinaria)
    .values([
      {
        maquinaria_id: m.id,
        insumo_id: a.id,
        hour_warning: 50,
        hour_critical: 80,
        horas_limite: 100,
        last_date_mantenimiento: '2025-01-10',
      },
      { maquinaria_id: m.id, insumo_id: b.id, hour_warning: 1, hour_critical: 2, horas_limite: 3 },
    ])
    .returning();
  const [op] = await db.insert(operadores).values({ dni: '76543210', nombres: 'OPERADOR WEAR' }).returning();
  const [act] = await db.insert(actividades).values({ activ_nombre: 'Limpieza de cunetas' }).returning();
  const [c] = await db.insert(costos).values({ descripcion: 'Tarifas' }).returning();
  const [hora, dia] = await db
    .insert(costosDet)
    .values([
      { costo_id: c.id, descripcion: 'Hora máquina', precio: 100, unidad: 'HORA' },
      { costo_id: c.id, descripcion: 'Día', precio: 500, unidad: 'DIA' },
    ])
    .returning();
  const report = async (fecha: string, lines: { costo_det_id: number; cantid: number; unidad: string }[]) => {
    const [p] = await db
      .insert(partesDiarios)
      .values({ nro_parte_interno: `P-${fecha}`, fecha, maquinaria_id: m.id, operador_id: op.operador_id, actividad_id: act.id })
      .returning();
    await db.insert(partesDiariosDet).values(
      lines.map((l) => ({
        parte_id: p.parte_id,
        costo_det_id: l.costo_det_id,
        cantid: l.cantid,
        preuni: 0,
        pretot: 0,
        unidad: l.unidad,
      })),
    );
  };
  await report('2025-01-10', [{ costo_det_id: hora.costo_det_id, cantid: 500, unidad: 'HORA' }]); // the change day: not counted
  await report('2025-01-11', [
    { costo_det_id: hora.costo_det_id, cantid: 40, unidad: 'HORA' },
    { costo_det_id: dia.costo_det_id, cantid: 3, unidad: 'DIA' },
  ]);
  await report('2025-01-12', [{ costo_det_id: hora.costo_det_id, cantid: 20, unidad: 'HORA' }]);
  await report('2025-01-13', [{ costo_det_id: dia.costo_det_id, cantid: 1, unidad: 'DIA' }]); // no meter line
  return { maquinariaId: m.id, partA: ia.insumo_maq_id, partB: ib.insumo_maq_id, actividadId: act.id, lastReport: '2025-01-12' };
}
