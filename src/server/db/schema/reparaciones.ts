// Repairs done under a service order, each linked to the failure it repairs.
import { date, index, integer, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './common';
import { fallas } from './fallas';
import { maquinarias } from './maquinarias';

export const reparaciones = pgTable(
  'reparaciones',
  {
    reparacion_id: serial('reparacion_id').primaryKey(),
    orden_id: integer('orden_id'),
    ordendet_item: integer('ordendet_item'),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id),
    nro_orden: varchar('nro_orden', { length: 20 }),
    anio: smallint('anio'),
    servicio: varchar('servicio', { length: 250 }),
    descripcion: text('descripcion').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    detalle: text('detalle'),
    garantia: varchar('garantia', { length: 120 }),
    proveedor: varchar('proveedor', { length: 250 }),
    falla_id: integer('falla_id')
      .notNull()
      .references(() => fallas.falla_id),
    created_at: createdAt(),
  },
  (t) => [index('reparaciones_fecha_idx').on(t.fecha)],
);
