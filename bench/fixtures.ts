// Warehouse fixtures shared by the server tests and the benchmark: session tokens, machines,
// operators and purchase orders in the logistics mirror.
import type { FastifyInstance } from 'fastify';
import { ALL_CODES } from '@shared/auth/permissions';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database, Db } from '../src/server/db/client';
import { extGuiasRemision, extOrdenesCompra, extOrdenesCompraDet, maquinarias, operadores, usuarios } from '../src/server/db/schema/index';
import { hashPassword } from '../src/server/lib/passwords';
import { signToken } from '../src/server/lib/tokens';
import { createTestApp, login, type TestApp } from '../tests/server/helpers';
import { TEST_JWT_SECRET, TEST_PASSWORD } from '../tests/server/constants';

/**
 * createTestApp(), except that when the PGlite clone comes up empty (openPglite passes `undefined` as
 * the data dir, and PGlite 0.5 then ignores `loadDataDir`) the template is loaded the way PGlite 0.5 needs.
 */
export async function warehouseTestApp(): Promise<TestApp> {
  const t = await createTestApp();
  const probe = (await t.database.db.execute(sql`select to_regclass('public.usuarios') as t`)) as unknown as { rows: { t: unknown }[] };
  if (probe.rows[0]?.t) return t;
  await t.close();
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const schema = await import('../src/server/db/schema/index');
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(process.env.TEST_PGLITE_TEMPLATE as string)]) });
  const database: Database = {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: 'pglite',
    migrate: async () => {},
    close: () => client.close(),
  };
  const config = loadConfig({
    DATA_DIR: '/tmp/maq-test-data',
    JWT_SECRET: TEST_JWT_SECRET,
    DEFAULT_PASSWORD: TEST_PASSWORD,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Token through POST /api/login when the platform module is there, else signed like it would be. */
export async function tokenFor(app: FastifyInstance, user: { id: number; username: string; roles: number[] }): Promise<string> {
  if (app.hasRoute({ method: 'POST', url: '/api/login' })) return login(app, user.username, TEST_PASSWORD);
  const { token } = await signToken(TEST_JWT_SECRET, 3600, {
    user: { id: user.id, fullName: user.username, matchPassword: false },
    area: { id: 1, name: 'Equipo Mecánico' },
    roles: user.roles,
  });
  return token;
}

export const adminToken = (app: FastifyInstance) => tokenFor(app, { id: 1, username: 'admin', roles: ALL_CODES });

let userSeq = 0;
/** A user holding only `roles`, and a token for it. */
export async function userWithRoles(app: FastifyInstance, db: Db, roles: number[]): Promise<string> {
  const username = `almacen${process.pid}_${++userSeq}`;
  const [u] = await db
    .insert(usuarios)
    .values({
      username,
      fullName: `Usuario ${username}`,
      passwordHash: await hashPassword(TEST_PASSWORD),
      defaultPassword: 0,
      estado: 1,
      roles,
    })
    .returning({ id: usuarios.id });
  return tokenFor(app, { id: u.id, username, roles });
}

let plateSeq = 0;
export async function seedMachine(db: Db, descripcion = 'CARGADOR FRONTAL'): Promise<{ id: number; placa: string }> {
  const placa = `EG-${String(++plateSeq).padStart(3, '0')}${process.pid % 1000}`;
  const [m] = await db
    .insert(maquinarias)
    .values({ descripcion, marca: 'CATERPILLAR', modelo: '950H', placa, anio_fabrica: 2015 })
    .returning({ id: maquinarias.id, placa: maquinarias.placa });
  return m;
}

export async function seedOperator(db: Db, dni: string, nombres = 'QUISPE MAMANI, JUAN'): Promise<number> {
  const [o] = await db.insert(operadores).values({ dni, nombres }).returning({ id: operadores.operador_id });
  return o.id;
}

export interface OrderItemSeed {
  insumo_codigo: string;
  insumo_name: string;
  cantidad: number;
  unimed: string;
  cotidet_marca?: string | null;
}

/** A purchase order in the logistics mirror (what POST /api/ingresos/getinforden looks up). */
export async function seedOrder(
  db: Db,
  o: {
    orden_id: number;
    nro: string;
    anio: number;
    proveedor?: string;
    items: OrderItemSeed[];
    guias?: { nro_guiaremision: string; fecha_guiaremision: string | null }[];
  },
): Promise<void> {
  await db.insert(extOrdenesCompra).values({
    orden_id: o.orden_id,
    nro_ordencompra: o.nro,
    anio: o.anio,
    proveedor: o.proveedor ?? 'FERRETERIA EL CONSTRUCTOR S.A.C.',
    fecha_ordencompra: `${o.anio}-01-15`,
  });
  await db.insert(extOrdenesCompraDet).values(o.items.map((i) => ({ ...i, cotidet_marca: i.cotidet_marca ?? null, orden_id: o.orden_id })));
  if (o.guias?.length) await db.insert(extGuiasRemision).values(o.guias.map((g) => ({ ...g, orden_id: o.orden_id })));
}

/** Entry body for every item of a seeded order, as the entry modal sends it. */
export function entryBody(nro: string, anio: number, items: OrderItemSeed[], extra: Record<string, unknown> = {}) {
  return {
    editorMode: 'crear',
    nro_ordencompra: nro,
    anio,
    fecha: `${anio}-02-01`,
    ingresos_det: items.map((i) => ({
      insumo: { insumo_codigo: i.insumo_codigo, insumo_name: i.insumo_name },
      cantidad: i.cantidad,
      unimed: i.unimed,
      marca: i.cotidet_marca ?? null,
    })),
    ...extra,
  };
}
