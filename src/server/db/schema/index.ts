// Every table of the data model, for drizzle-kit and the typed database handle: one file per resource
// (named as its contract and module), plus the platform's own tables (sistema.ts) and the mirrors of the
// external systems (integraciones.ts).
export * from './usuarios';
export * from './auth';
export * from './actividades';
export * from './insumos';
export * from './maquinarias';
export * from './operadores';
export * from './ingresos';
export * from './salidas';
export * from './movimientos';
export * from './cierres';
export * from './inventarios';
export * from './pedidos';
export * from './costos';
export * from './fallas';
export * from './reparaciones';
export * from './fotos';
export * from './valoriza';
export * from './partesdiarios';
export * from './planes';
export * from './ordenestrabajo';
export * from './integraciones';
export * from './ajustes';
export * from './auditoria';
export * from './operaciones';
export * from './sistema';
