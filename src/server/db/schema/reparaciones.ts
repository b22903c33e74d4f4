// Repairs done under a service order, each linked to the failure it repairs.
import { date, foreignKey, index, integer, pgTable, serial, smallint, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './common';
import { fallas } from './fallas';
import { maquinarias } from './maquinarias';
import { ordenesTrabajo } from './ordenestrabajo';

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
    /** What the outside repair cost (soles): the service-order item's amount, editable. */
    monto: money('monto').notNull().default(0),
    /** Null only when the machine had no pending failure to link (docs/architecture.md, "Failures and repairs"). */
    falla_id: integer('falla_id').references(() => fallas.falla_id),
    /** The work order this outside repair was done for (optional). */
    ot_id: integer('ot_id').references(() => ordenesTrabajo.ot_id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('reparaciones_fecha_idx').on(t.fecha),
    index('reparaciones_ot_idx').on(t.ot_id),
    // Linking a repair marks its failure REPARADO and changing the link restores the old one (docs/architecture.md, "Failures and repairs"):
    // that only holds when a failure is repaired by one repair, of the same machine.
    unique('reparaciones_falla_uq').on(t.falla_id),
    foreignKey({
      name: 'reparaciones_falla_maquina_fk',
      columns: [t.falla_id, t.maquinaria_id],
      foreignColumns: [fallas.falla_id, fallas.maquinaria_id],
    }),
    index('reparaciones_falla_maquinaria_idx').on(t.falla_id, t.maquinaria_id),
    index('reparaciones_maquinaria_idx').on(t.maquinaria_id),
  ],
);
