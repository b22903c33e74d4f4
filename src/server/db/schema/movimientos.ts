// Kardex ledger: one row per entry line (INGRESO), exit line (SALIDA) or physical-count difference (AJUSTE), written
// with the movement and valued by weighted average (docs/costs.md): each row carries its unit cost, its amount and the
// supply's running balance (quantity and value) after it, in the order (fecha, id).
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money, unitCost } from './common';
import { inventariosDet } from './inventarios';
import { ingresosDet } from './ingresos';
import { insumos } from './insumos';
import { salidasDet } from './salidas';

export const movimientos = pgTable(
  'movimientos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    insumo_id: integer('insumo_id')
      .notNull()
      .references(() => insumos.id),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    tipo: varchar('tipo', { length: 10 }).notNull(),
    /** Supplier of the entry or plate of the exit's machine. */
    proveedor: varchar('proveedor', { length: 250 }).notNull().default(''),
    /** Delivery note (entry) or voucher number (exit). */
    nro_guiaremision: varchar('nro_guiaremision', { length: 60 }).notNull().default(''),
    ingreso: money('ingreso').notNull().default(0),
    salida: money('salida').notNull().default(0),
    ingreso_det_id: integer('ingreso_det_id').references(() => ingresosDet.id, { onDelete: 'cascade' }),
    salida_det_id: integer('salida_det_id').references(() => salidasDet.salida_det_id, { onDelete: 'cascade' }),
    /** The count line whose difference this adjustment books (tipo AJUSTE: surplus in `ingreso`, shortage in `salida`). */
    inventario_det_id: integer('inventario_det_id').references(() => inventariosDet.id, { onDelete: 'cascade' }),
    /** Entry: the purchase price; exit and adjustment: the weighted average of the supply at this point. */
    costo_unitario: unitCost('costo_unitario').notNull().default(0),
    /** Value of the movement in soles (quantity × unit cost, rounded to cents). */
    importe: money('importe').notNull().default(0),
    /** The supply's quantity and value after this movement (the valued kardex's running balance). */
    saldo_cantidad: money('saldo_cantidad').notNull().default(0),
    saldo_importe: money('saldo_importe').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    check('movimientos_tipo_chk', sql`${t.tipo} in ('INGRESO', 'SALIDA', 'AJUSTE')`),
    check('movimientos_cant_chk', sql`${t.ingreso} >= 0 and ${t.salida} >= 0`),
    index('movimientos_insumo_fecha_idx').on(t.insumo_id, t.fecha, t.id),
    index('movimientos_fecha_idx').on(t.fecha, t.id),
    // Each movement has one of the three links: indexing only the rows that have it spares two index writes per row
    // when the valuation rewrites a movement (a backdated exit rewrites every later one of its supply). The table's
    // fillfactor (migration 0016) leaves room on each page so that rewrite is a HOT update with no index writes.
    index('movimientos_ingreso_det_idx')
      .on(t.ingreso_det_id)
      .where(sql`${t.ingreso_det_id} is not null`),
    index('movimientos_salida_det_idx')
      .on(t.salida_det_id)
      .where(sql`${t.salida_det_id} is not null`),
    index('movimientos_inventario_det_idx')
      .on(t.inventario_det_id)
      .where(sql`${t.inventario_det_id} is not null`),
  ],
);
