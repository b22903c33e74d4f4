// Kardex ledger: one row per entry line (INGRESO) or exit line (SALIDA), written with the movement.
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './common';
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
    created_at: createdAt(),
  },
  (t) => [
    check('movimientos_tipo_chk', sql`${t.tipo} in ('INGRESO', 'SALIDA')`),
    check('movimientos_cant_chk', sql`${t.ingreso} >= 0 and ${t.salida} >= 0`),
    index('movimientos_insumo_fecha_idx').on(t.insumo_id, t.fecha, t.id),
    index('movimientos_fecha_idx').on(t.fecha, t.id),
    index('movimientos_ingreso_det_idx').on(t.ingreso_det_id),
    index('movimientos_salida_det_idx').on(t.salida_det_id),
  ],
);
