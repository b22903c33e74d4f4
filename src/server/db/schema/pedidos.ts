// Supply requests for a machine (PENDIENTE / ATENDIDO) and their lines.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { changeVersion, createdAt, money } from './common';
import { insumos, unimeds } from './insumos';
import { maquinarias } from './maquinarias';
import { usuarios } from './usuarios';

export const pedidos = pgTable(
  'pedidos',
  {
    pedido_id: serial('pedido_id').primaryKey(),
    maquinaria_id: integer('maquinaria_id')
      .notNull()
      .references(() => maquinarias.id),
    observacion: text('observacion'),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    estado: smallint('estado').notNull().default(0),
    user_id: integer('user_id').references(() => usuarios.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    version: changeVersion(),
  },
  (t) => [
    index('pedidos_version_idx').on(t.version),
    check('pedidos_estado_chk', sql`${t.estado} in (0, 1)`),
    index('pedidos_fecha_idx').on(t.fecha),
    index('pedidos_maquinaria_idx').on(t.maquinaria_id),
    index('pedidos_user_idx').on(t.user_id),
  ],
);

export const pedidosDet = pgTable(
  'pedidos_det',
  {
    pedido_det_id: serial('pedido_det_id').primaryKey(),
    pedido_id: integer('pedido_id')
      .notNull()
      .references(() => pedidos.pedido_id, { onDelete: 'cascade' }),
    insumo_id: integer('insumo_id')
      .notNull()
      .references(() => insumos.id),
    unimed_id: integer('unimed_id')
      .notNull()
      .references(() => unimeds.unimed_id),
    cantidad: money('cantidad').notNull(),
  },
  (t) => [
    check('pedidos_det_cantidad_chk', sql`${t.cantidad} > 0`),
    index('pedidos_det_insumo_idx').on(t.insumo_id),
    index('pedidos_det_pedido_idx').on(t.pedido_id),
    index('pedidos_det_unimed_idx').on(t.unimed_id),
  ],
);
