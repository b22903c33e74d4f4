// Warehouse exits: supplies issued to a machine and operator against a voucher.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { changeVersion, createdAt, money } from './common';
import { insumos } from './insumos';
import { insumosMaquinaria, maquinarias } from './maquinarias';
import { operadores } from './operadores';
import { ordenesTrabajo } from './ordenestrabajo';
import { usuarios } from './usuarios';

export const salidas = pgTable(
  'salidas',
  {
    id: serial('id').primaryKey(),
    nro_vale: varchar('nro_vale', { length: 30 }).notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id),
    /** Null only on the exit of a work order's parts, which goes to the order, not to an operator. */
    operador_id: integer('operador_id').references(() => operadores.operador_id),
    /** The work order whose parts this exit carries (one exit per order). */
    ot_id: integer('ot_id')
      .unique()
      .references(() => ordenesTrabajo.ot_id),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    version: changeVersion(),
  },
  (t) => [
    index('salidas_version_idx').on(t.version),
    index('salidas_fecha_idx').on(t.fecha),
    index('salidas_maq_idx').on(t.maquinaria_id, t.fecha),
    check('salidas_destino_chk', sql`${t.operador_id} is not null or ${t.ot_id} is not null`),
    index('salidas_operador_idx').on(t.operador_id),
    index('salidas_user_idx').on(t.user_id),
  ],
);

export const salidasDet = pgTable(
  'salidas_det',
  {
    salida_det_id: serial('salida_det_id').primaryKey(),
    salida_id: integer('salida_id')
      .notNull()
      .references(() => salidas.id, { onDelete: 'cascade' }),
    insumo_id: integer('insumo_id')
      .notNull()
      .references(() => insumos.id),
    cantidad: money('cantidad').notNull(),
    observacion: text('observacion'),
    /** A work order's wear part: changed on its machine when the order closes. */
    insumo_maq_id: integer('insumo_maq_id').references(() => insumosMaquinaria.insumo_maq_id, { onDelete: 'set null' }),
  },
  (t) => [
    check('salidas_det_cantidad_chk', sql`${t.cantidad} > 0`),
    index('salidas_det_salida_idx').on(t.salida_id),
    index('salidas_det_insumo_maq_idx').on(t.insumo_maq_id),
    index('salidas_det_insumo_idx').on(t.insumo_id),
  ],
);
