// Mirror of the vehicle registry: batch upsert by plate and plate search.
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { extVehiculos } from '../../db/schema/index';
import { chunks, excluded } from '../shared';
import { MAX_SUGGESTIONS, plateKey, type Vehiculo, type VehiculoInput } from './index';

const columns = {
  veh_id: extVehiculos.veh_id,
  veh_placa: extVehiculos.veh_placa,
  marca: extVehiculos.marca,
  modelo: extVehiculos.modelo,
  anio: extVehiculos.anio,
  descripcion: extVehiculos.descripcion,
};

export async function upsertVehiculos(db: Db, rows: VehiculoInput[]): Promise<Vehiculo[]> {
  const out: Vehiculo[] = [];
  const unique = rows.filter((r, i) => rows.findIndex((o) => o.veh_placa === r.veh_placa) === i);
  for (const part of chunks(unique)) {
    out.push(
      ...(await db
        .insert(extVehiculos)
        .values(part)
        .onConflictDoUpdate({ target: extVehiculos.veh_placa, set: excluded(['marca', 'modelo', 'anio', 'descripcion']) })
        .returning(columns)),
    );
  }
  return out;
}

export async function mirrorVehiculos(db: Db, term: string): Promise<Vehiculo[]> {
  const key = plateKey(term);
  if (!key) return [];
  const pattern = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select(columns)
    .from(extVehiculos)
    .where(sql`upper(translate(${extVehiculos.veh_placa}, '- ', '')) like ${pattern}`)
    .orderBy(sql`position(${key} in upper(translate(${extVehiculos.veh_placa}, '- ', '')))`, asc(extVehiculos.veh_placa))
    .limit(MAX_SUGGESTIONS);
}
