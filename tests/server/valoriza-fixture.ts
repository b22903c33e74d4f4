// Test fixture for costs, daily reports and valuations: machines (hour meter and odometer), operators,
// activities (one inactive), a cost schedule with lines in several units, and report bodies as the forms send them.
import { actividades, costos, costosDet, maquinarias, operadores } from '../../src/server/db/schema/index';
import type { TestApp } from './helpers';

export async function seedValoriza(t: TestApp) {
  const db = t.database.db;
  const [retro, volquete] = await db
    .insert(maquinarias)
    .values([
      { descripcion: 'RETROEXCAVADORA', marca: 'CAT', placa: 'VAL-101', anio_fabrica: 2019, horometro: true },
      { descripcion: 'VOLQUETE', marca: 'VOLVO', placa: 'VAL-202', anio_fabrica: 2020, horometro: false },
    ])
    .returning();
  const [op1, op2] = await db
    .insert(operadores)
    .values([
      { dni: '40123456', nombres: 'QUISPE HUAMAN, JUAN' },
      { dni: '40654321', nombres: 'ROJAS PAUCAR, LUIS' },
    ])
    .returning();
  const [act, inactive] = await db
    .insert(actividades)
    .values([
      { activ_nombre: 'Alquiler de maquinaria a terceros', activ_estado: 1 },
      { activ_nombre: 'Actividad retirada', activ_estado: 0 },
    ])
    .returning();
  const [cost] = await db.insert(costos).values({ descripcion: 'Tarifario 2025' }).returning();
  const [hora, km, dia, viejo] = await db
    .insert(costosDet)
    .values([
      { costo_id: cost.id, descripcion: 'Hora máquina retroexcavadora', precio: 85.5, unidad: 'HORA' },
      { costo_id: cost.id, descripcion: 'Kilómetro volquete', precio: 6.2, unidad: 'KM' },
      { costo_id: cost.id, descripcion: 'Día de volquete', precio: 650, unidad: 'DIA' },
      { costo_id: cost.id, descripcion: 'Tarifa antigua', precio: 70, unidad: 'HORA', estado: 0 },
    ])
    .returning();
  return {
    retro: retro.id,
    volquete: volquete.id,
    op1: { id: op1.operador_id, dni: op1.dni, nombres: op1.nombres },
    op2: { id: op2.operador_id, dni: op2.dni, nombres: op2.nombres },
    act: act.id,
    inactiveAct: inactive.id,
    costo: cost.id,
    hora: hora.costo_det_id,
    km: km.costo_det_id,
    dia: dia.costo_det_id,
    inactiveLine: viejo.costo_det_id,
  };
}
export type ValorizaFixture = Awaited<ReturnType<typeof seedValoriza>>;

let nro = 0;
/** A daily report as the form sends it (operator by DNI, the service line with the chosen price). */
export function reportBody(f: ValorizaFixture, extra: Record<string, unknown> = {}, det: Record<string, unknown> = {}) {
  return {
    editorMode: 'crear',
    nro_parte_interno: `PD-${String(++nro).padStart(4, '0')}`,
    fecha: '2025-03-10',
    maquinaria_id: f.retro,
    dni: f.op1.dni,
    actividad_id: f.act,
    monto: 999999,
    partesdiarios_det: { costo_det_id: f.hora, cantid: 2.5, preuni: 85.5, pretot: 1, ...det },
    ...extra,
  };
}
