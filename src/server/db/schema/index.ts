// Every table of the data model, for drizzle-kit and the typed database handle.
export * from './usuarios';
export * from './actividades';
export * from './insumos';
export * from './maquinarias';
export * from './operadores';
export * from './ingresos';
export * from './salidas';
export * from './movimientos';
export * from './pedidos';
export * from './costos';
export * from './fallas';
export * from './reparaciones';
export * from './fotos';
export * from './valoriza';
export * from './integraciones';
export * from './sistema';
export * from './operaciones';
