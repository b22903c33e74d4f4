// Warehouse exits: supplies issued to a machine and operator against a voucher.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './common';
import { insumos } from './insumos';
import { maquinarias } from './maquinarias';
import { operadores } from './operadores';
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
    operador_id: integer('operador_id')
      .notNull()
      .references(() => operadores.operador_id),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('salidas_fecha_idx').on(t.fecha), index('salidas_maq_idx').on(t.maquinaria_id, t.fecha)],
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
  },
  (t) => [check('salidas_det_cantidad_chk', sql`${t.cantidad} > 0`), index('salidas_det_salida_idx').on(t.salida_id)],
);
