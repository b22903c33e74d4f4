// The logged-in screens' addresses: the part of the route table (app/screens.ts) the router needs to match one.
// Role codes, pages and catalogues load with the first screen (routes/screen-routes.tsx), so the login screen's
// first download carries these strings only, not the whole table with its lazy pages' preload lists.
export const SCREEN_PATHS = {
  maquinaria: '/maquinaria/$tipo',
  reporte_maquinaria: '/reporte_maquinaria/$tipo',
  mantenimiento_maquinaria: '/mantenimiento_maquinaria/$tipo',
  operador: '/operador',
  actividad: '/actividad',
  valoriza: '/valoriza',
  costo: '/costo',
  falla: '/falla',
  reparacion: '/reparacion/$tipo',
  reporte_reparacion: '/reporte_reparacion/$tipo',
  ordenes_trabajo: '/ordentrabajo',
  orden_trabajo: '/ordentrabajo/$uid',
  rep_mantenimiento: '/rep_mantenimiento',
  indicadores: '/indicadores',
  pedido: '/pedido',
  ingreso: '/ingreso',
  salida: '/salida',
  movimiento: '/movimiento',
  cierres: '/cierres',
  insumo: '/insumo',
  inventario: '/inventario',
  inventario_conteo: '/inventario/$id',
  usuario: '/usuario',
  auditoria: '/auditoria',
  partediario: '/partediario',
  costos_maquinaria: '/costosmaquina',
  parametros: '/parametros',
  hojadevida: '/hojadevida/$id',
  sincronizacion: '/sincronizacion',
  operaciones: '/operaciones',
} as const;

export type ScreenKey = keyof typeof SCREEN_PATHS;
