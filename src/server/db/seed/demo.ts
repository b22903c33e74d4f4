// Demo data set for every area (SEED=demo): a provincial municipality's fleet, warehouse, failures,
// repairs, daily reports and valuations over the last 60 days, plus the external systems' mirrors.
// Runs in one transaction on a base-seeded database; dates are relative to today in Lima.
import type { Db } from '../client';
import { demoServiceOrders, seedFailures } from './demo-fallas';
import { seedMirror } from './demo-integraciones';
import { seedFleet, seedParts } from './demo-maquinarias';
import { seedCatalogs, seedReports } from './demo-partes';
import { seedSupplies, seedWarehouse } from './demo-almacen';
import { seedDemoUsers } from './demo-usuarios';
import { clock, rng } from './demo-util';
import { seedValuations } from './demo-valoriza';

export interface DemoSummary {
  usuarios: number;
  maquinarias: number;
  operadores: number;
  insumos: number;
  asignaciones: number;
  cambios: number;
  partes: number;
  valorizaciones: number;
  fallas: number;
  reparaciones: number;
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
    const supply = await seedSupplies(db);
    const fleet = await seedFleet(db, c, mirror);
    const catalogs = await seedCatalogs(db);
    const { reports, meter } = await seedReports(db, r, c, fleet.machines, fleet.operatorIds, catalogs);
    const parts = await seedParts(db, r, fleet, meter, new Map([...supply].map(([k, v]) => [k, v.id])), users.supervisor);
    const valorizaciones = await seedValuations(db, c, mirror, reports);
    const machineId = new Map(fleet.machines.map((m) => [m.placa, m.id]));
    const failures = await seedFailures(db, c, serviceOrders, machineId, users.supervisor);
    const warehouse = await seedWarehouse(db, r, c, mirror, fleet, supply, users.almacenero);
    return {
      usuarios: Object.keys(users).length,
      maquinarias: fleet.machines.length,
      operadores: fleet.operatorIds.length,
      insumos: supply.size,
      asignaciones: parts.assignments,
      cambios: parts.changes,
      partes: reports.length,
      valorizaciones,
      ...failures,
      ...warehouse,
      ordenesCompra: mirror.orders.length,
      ordenesServicio: serviceOrders.length,
    };
  });
}
