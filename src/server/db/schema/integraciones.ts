// Mirror tables of the external systems (docs/architecture.md, "External systems"): logistics orders, identity and vehicle registries.
import { date, integer, pgTable, primaryKey, serial, smallint, timestamp, unique, varchar, index } from 'drizzle-orm/pg-core';
import { money, unitCost } from './common';

const syncedAt = () => timestamp('synced_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();

export const extOrdenesCompra = pgTable(
  'ext_ordenes_compra',
  {
    orden_id: integer('orden_id').primaryKey(),
    nro_ordencompra: varchar('nro_ordencompra', { length: 20 }).notNull(),
    anio: smallint('anio').notNull(),
    proveedor: varchar('proveedor', { length: 250 }).notNull(),
    proveedor_ruc: varchar('proveedor_ruc', { length: 11 }),
    fecha_ordencompra: date('fecha_ordencompra', { mode: 'string' }).notNull(),
    synced_at: syncedAt(),
  },
  (t) => [unique('ext_ordenes_compra_nro_uq').on(t.nro_ordencompra, t.anio)],
);

export const extOrdenesCompraDet = pgTable(
  'ext_ordenes_compra_det',
  {
    id: serial('id').primaryKey(),
    orden_id: integer('orden_id')
      .notNull()
      .references(() => extOrdenesCompra.orden_id, { onDelete: 'cascade' }),
    insumo_codigo: varchar('insumo_codigo', { length: 40 }).notNull(),
    insumo_name: varchar('insumo_name', { length: 250 }).notNull(),
    cantidad: money('cantidad').notNull(),
    unimed: varchar('unimed', { length: 20 }).notNull(),
    cotidet_marca: varchar('cotidet_marca', { length: 120 }),
    /** Unit price in soles (the logistics system's precio unitario). */
    precio_unitario: unitCost('precio_unitario').notNull().default(0),
  },
  (t) => [index('ext_ordenes_compra_det_orden_idx').on(t.orden_id)],
);

export const extGuiasRemision = pgTable(
  'ext_guias_remision',
  {
    id: serial('id').primaryKey(),
    orden_id: integer('orden_id')
      .notNull()
      .references(() => extOrdenesCompra.orden_id, { onDelete: 'cascade' }),
    nro_guiaremision: varchar('nro_guiaremision', { length: 40 }).notNull(),
    fecha_guiaremision: date('fecha_guiaremision', { mode: 'string' }),
  },
  (t) => [index('ext_guias_remision_orden_idx').on(t.orden_id)],
);

export const extOrdenesServicio = pgTable(
  'ext_ordenes_servicio',
  {
    orden_id: integer('orden_id').primaryKey(),
    nro_orden: varchar('nro_orden', { length: 20 }).notNull(),
    anio: smallint('anio').notNull(),
    orden_fechadoc: date('orden_fechadoc', { mode: 'string' }).notNull(),
    pers_nombre: varchar('pers_nombre', { length: 250 }).notNull(),
    synced_at: syncedAt(),
  },
  (t) => [unique('ext_ordenes_servicio_nro_uq').on(t.nro_orden, t.anio)],
);

export const extOrdenesServicioDet = pgTable(
  'ext_ordenes_servicio_det',
  {
    orden_id: integer('orden_id')
      .notNull()
      .references(() => extOrdenesServicio.orden_id, { onDelete: 'cascade' }),
    ordendet_item: integer('ordendet_item').notNull(),
    ordendet_desart: varchar('ordendet_desart', { length: 400 }).notNull(),
    reqadj_actividades: varchar('reqadj_actividades', { length: 400 }),
    reqadj_garantia: varchar('reqadj_garantia', { length: 120 }),
    /** Amount of the service item in soles. */
    monto: money('monto').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orden_id, t.ordendet_item] })],
);

export const extPersonas = pgTable('ext_personas', {
  dni: varchar('dni', { length: 8 }).primaryKey(),
  indiv_id: serial('indiv_id').notNull(),
  prenombres: varchar('prenombres', { length: 120 }).notNull(),
  ap_primer: varchar('ap_primer', { length: 80 }).notNull(),
  ap_segundo: varchar('ap_segundo', { length: 80 }).notNull().default(''),
  direccion: varchar('direccion', { length: 250 }),
  fecha_nac: date('fecha_nac', { mode: 'string' }),
  celular: varchar('celular', { length: 20 }),
  email: varchar('email', { length: 120 }),
  synced_at: syncedAt(),
});

export const extContribuyentes = pgTable('ext_contribuyentes', {
  ruc: varchar('ruc', { length: 11 }).primaryKey(),
  razon_social: varchar('razon_social', { length: 250 }).notNull(),
  direccion: varchar('direccion', { length: 250 }),
  synced_at: syncedAt(),
});

export const extVehiculos = pgTable('ext_vehiculos', {
  veh_id: serial('veh_id').primaryKey(),
  veh_placa: varchar('veh_placa', { length: 20 }).notNull().unique(),
  marca: varchar('marca', { length: 100 }),
  modelo: varchar('modelo', { length: 100 }),
  anio: smallint('anio'),
  descripcion: varchar('descripcion', { length: 200 }),
  synced_at: syncedAt(),
});
