// Machine queries (read side used by the warehouse screens); the CRUD and wear actions grow beside it.
import { asc, eq, inArray } from 'drizzle-orm';
import type { MaquinariaInsumo, MaquinariaRow } from '@shared/contract/maquinarias';
import type { Db } from '../../db/client';
import { insumos, insumosMaquinaria, maquinarias } from '../../db/schema/index';
import { isoTs } from '../../lib/timestamps';

/** Part assignments per machine (hours and last change; the wear counter comes with the machinery module). */
export async function partsByMachine(db: Db, machineIds: number[]): Promise<Map<number, MaquinariaInsumo[]>> {
  const out = new Map<number, MaquinariaInsumo[]>();
  if (machineIds.length === 0) return out;
  const rows = await db
    .select({
      maquinaria_id: insumosMaquinaria.maquinaria_id,
      insumo_maq_id: insumosMaquinaria.insumo_maq_id,
      insumo_id: insumosMaquinaria.insumo_id,
      insumo_codigo: insumos.insumo_codigo,
      insumo_name: insumos.insumo_name,
      hour_warning: insumosMaquinaria.hour_warning,
      hour_critical: insumosMaquinaria.hour_critical,
      horas_limite: insumosMaquinaria.horas_limite,
      last_date_mantenimiento: insumosMaquinaria.last_date_mantenimiento,
      create_insumo_maq: insumosMaquinaria.create_insumo_maq,
    })
    .from(insumosMaquinaria)
    .innerJoin(insumos, eq(insumos.id, insumosMaquinaria.insumo_id))
    .where(inArray(insumosMaquinaria.maquinaria_id, machineIds))
    .orderBy(asc(insumosMaquinaria.insumo_maq_id));
  for (const r of rows) {
    const list = out.get(r.maquinaria_id) ?? [];
    list.push({
      insumo_maq_id: r.insumo_maq_id,
      insumo_id: r.insumo_id,
      insumo_codigo: r.insumo_codigo,
      insumo_name: r.insumo_name,
      horas_alerta: { hour_warning: r.hour_warning, hour_critical: r.hour_critical },
      horas_limite: r.horas_limite,
      last_date_mantenimiento: r.last_date_mantenimiento,
      create_insumo_maq: isoTs(r.create_insumo_maq),
    });
    out.set(r.maquinaria_id, list);
  }
  return out;
}

export async function listMaquinarias(db: Db): Promise<MaquinariaRow[]> {
  const rows = await db.select().from(maquinarias).orderBy(asc(maquinarias.descripcion), asc(maquinarias.id));
  const parts = await partsByMachine(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((m) => ({
    id: m.id,
    descripcion: m.descripcion,
    marca: m.marca,
    modelo: m.modelo,
    placa: m.placa,
    insumos: parts.get(m.id) ?? [],
    estado: m.estado,
    año_fabrica: m.anio_fabrica,
    horometro: m.horometro,
  }));
}
