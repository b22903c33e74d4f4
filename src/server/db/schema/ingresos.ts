// Warehouse entries against purchase orders, their lines and delivery notes.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, unique, varchar } from 'drizzle-orm/pg-core';
import { changeVersion, createdAt, money, unitCost } from './common';
import { insumos } from './insumos';
import { usuarios } from './usuarios';

export const ingresos = pgTable(
  'ingresos',
  {
    id: serial('id').primaryKey(),
    nro_ordencompra: varchar('nro_ordencompra', { length: 20 }).notNull(),
    anio: smallint('anio').notNull(),
    orden_id: integer('orden_id').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    proveedor: varchar('proveedor', { length: 250 }).notNull(),
    fecha_ordencompra: date('fecha_ordencompra', { mode: 'string' }),
    nro_guiaremision: varchar('nro_guiaremision', { length: 40 }),
    fecha_guiaremision: date('fecha_guiaremision', { mode: 'string' }),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    version: changeVersion(),
  },
  (t) => [
    index('ingresos_version_idx').on(t.version),
    unique('ingresos_orden_uq').on(t.nro_ordencompra, t.anio),
    unique('ingresos_orden_id_uq').on(t.orden_id),
    index('ingresos_fecha_idx').on(t.fecha),
    index('ingresos_user_idx').on(t.user_id),
  ],
);

export const ingresosDet = pgTable(
  'ingresos_det',
  {
    id: serial('id').primaryKey(),
    ingreso_id: integer('ingreso_id')
      .notNull()
      .references(() => ingresos.id, { onDelete: 'cascade' }),
    insumo_id: integer('insumo_id')
      .notNull()
      .references(() => insumos.id),
    cantidad: money('cantidad').notNull(),
    unimed: varchar('unimed', { length: 20 }).notNull(),
    marca: varchar('marca', { length: 120 }),
    /** Unit price of the purchase-order line (soles), the entry's cost in the valued kardex. */
    precio_unitario: unitCost('precio_unitario').notNull().default(0),
    user_idx: integer('user_idx'),
  },
  (t) => [
    check('ingresos_det_cantidad_chk', sql`${t.cantidad} > 0`),
    check('ingresos_det_precio_chk', sql`${t.precio_unitario} >= 0`),
    index('ingresos_det_ingreso_idx').on(t.ingreso_id),
    index('ingresos_det_insumo_idx').on(t.insumo_id),
  ],
);

export const guiasRemision = pgTable(
  'guias_remision',
  {
    id: serial('id').primaryKey(),
    ingreso_id: integer('ingreso_id')
      .notNull()
      .references(() => ingresos.id, { onDelete: 'cascade' }),
    nro_guiaremision: varchar('nro_guiaremision', { length: 40 }).notNull(),
    fecha_guiaremision: date('fecha_guiaremision', { mode: 'string' }),
  },
  (t) => [index('guias_remision_ingreso_idx').on(t.ingreso_id)],
);
