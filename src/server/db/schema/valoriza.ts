// Valuations (billing of machine rental) and the bank accounts they are paid into; the daily reports they bill
// are in partesdiarios.ts.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './common';

export const cuentas = pgTable(
  'cuentas',
  {
    cuenta_id: serial('cuenta_id').primaryKey(),
    nro_cuenta: varchar('nro_cuenta', { length: 40 }).notNull().unique(),
    tipo_cuenta: varchar('tipo_cuenta', { length: 12 }).notNull(),
    tasa_impuesto: numeric('tasa_impuesto', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('cuentas_tipo_chk', sql`${t.tipo_cuenta} in ('detraccion', 'deposito')`),
    check('cuentas_tasa_chk', sql`${t.tasa_impuesto} between 0 and 100`),
  ],
);

export const valorizaciones = pgTable(
  'valorizaciones',
  {
    valoriza_id: serial('valoriza_id').primaryKey(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    rubro: smallint('rubro').notNull().default(1),
    tipo_doc: smallint('tipo_doc').notNull().default(2),
    ndoc: varchar('ndoc', { length: 11 }).notNull(),
    rsocial: varchar('rsocial', { length: 250 }).notNull().default(''),
    subtotal: money('subtotal').notNull().default(0),
    monto: money('monto').notNull().default(0),
    monto_detraccion: money('monto_detraccion').notNull().default(0),
    monto_deposito: money('monto_deposito').notNull().default(0),
    cta_detraccion: integer('cta_detraccion').references(() => cuentas.cuenta_id),
    cta_deposito: integer('cta_deposito').references(() => cuentas.cuenta_id),
    tasa_detraccion: numeric('tasa_detraccion', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    observacion: text('observacion').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [
    check('valorizaciones_rubro_chk', sql`${t.rubro} between 1 and 3`),
    check('valorizaciones_tipo_doc_chk', sql`${t.tipo_doc} in (1, 2)`),
    // DNI (tipo_doc 1) has 8 digits, RUC (tipo_doc 2) 11.
    check(
      'valorizaciones_ndoc_tipo_chk',
      sql`(${t.tipo_doc} = 1 and ${t.ndoc} ~ '^[0-9]{8}$') or (${t.tipo_doc} = 2 and ${t.ndoc} ~ '^[0-9]{11}$')`,
    ),
    check(
      'valorizaciones_montos_chk',
      sql`${t.subtotal} >= 0 and ${t.monto} >= 0 and ${t.monto_detraccion} >= 0 and ${t.monto_deposito} >= 0`,
    ),
    check('valorizaciones_tasa_chk', sql`${t.tasa_detraccion} between 0 and 100`),
    index('valorizaciones_fecha_idx').on(t.fecha),
    index('valorizaciones_cta_deposito_idx').on(t.cta_deposito),
    index('valorizaciones_cta_detraccion_idx').on(t.cta_detraccion),
  ],
);
