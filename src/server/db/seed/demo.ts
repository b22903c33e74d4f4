// Demo data set for every area (SEED=demo): a provincial municipality's fleet, warehouse, failures,
// repairs, daily reports and valuations over the last 60 days, plus the external systems' mirrors.
// Runs in one transaction on a base-seeded database; dates are relative to today in Lima.
import type { Db } from '../client';
import { demoServiceOrders, seedFallas } from './demo-fallas';
import { seedMirror } from './demo-integraciones';
import { seedOrdenes } from './demo-ordenes';
import { seedFleet, seedMaquinariaInsumos } from './demo-maquinarias';
import { seedCatalogs, seedPartes } from './demo-partes';
import { seedPlanes } from './demo-planes';
import { seedInsumos, seedWarehouse } from './demo-almacen';
import { seedDemoUsers } from './demo-usuarios';
import { clock, rng } from './demo-util';
import { seedValorizaciones } from './demo-valoriza';

export interface DemoSummary {
  usuarios: number;
  maquinarias: number;
  operadores: number;
  insumos: number;
  asignaciones: number;
  cambios: number;
  planes: number;
  partes: number;
  valorizaciones: number;
  fallas: number;
  reparaciones: number;
  ordenesTrabajo: number;
  ingresos: number;
  salidas: number;
  movimientos: number;
  pedidos: number;
  ordenesCompra: number;
  ordenesServicio: number;
}

export interface DemoOptions {
  /** Password of the demo users (hashed); by default they share admin's (the default password). */
  defaultPassword?: string;
  /** 'YYYY-MM-DD' the demo is built around (default: today in Lima). */
  today?: string;
}

export async function seedDemo(database: Db, opts: DemoOptions = {}): Promise<DemoSummary> {
  const r = rng(20_260_501);
  const c = clock(opts.today);
  return database.transaction(async (db) => {
    const users = await seedDemoUsers(db, opts.defaultPassword);
    const serviceOrders = demoServiceOrders(c);
    const mirror = await seedMirror(db, r, c, serviceOrders);
    const insumoIds = await seedInsumos(db);
    const fleet = await seedFleet(db, c, mirror);
    const catalogs = await seedCatalogs(db);
    const { partes, meter } = await seedPartes(db, r, c, fleet.maquinarias, fleet.operadorIds, catalogs);
    const maquinariaInsumos = await seedMaquinariaInsumos(
      db,
      r,
      fleet,
      meter,
      new Map([...insumoIds].map(([k, v]) => [k, v.id])),
      users.supervisor,
    );
    const planes = await seedPlanes(db, c, fleet.maquinarias, meter, users.supervisor);
    const valorizaciones = await seedValorizaciones(db, c, mirror, partes);
    const maquinariaIds = new Map(fleet.maquinarias.map((m) => [m.placa, m.id]));
    const fallas = await seedFallas(db, c, serviceOrders, maquinariaIds, users.supervisor);
    const warehouse = await seedWarehouse(db, r, c, mirror, fleet, insumoIds, users.almacenero);
    const ordenesTrabajo = await seedOrdenes(db, c, maquinariaIds, users.supervisor);
    return {
      usuarios: Object.keys(users).length,
      maquinarias: fleet.maquinarias.length,
      operadores: fleet.operadorIds.length,
      insumos: insumoIds.size,
      asignaciones: maquinariaInsumos.assignments,
      cambios: maquinariaInsumos.changes,
      planes,
      partes: partes.length,
      valorizaciones,
      ...fallas,
      ordenesTrabajo,
      ...warehouse,
      ordenesCompra: mirror.orders.length,
      ordenesServicio: serviceOrders.length,
    };
  });
}
