// The route table of the logged-in screens: one entry per route of the spec, its address in
// routes/screen-paths.ts (what the router matches before this table is loaded, on the first screen). A feature
// plugs in by adding `load` (its lazy page) and, when it needs data first, `preload`; entries without `load` are
// not found and get no menu entry (nothing fake is ever shown).
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { MENU, ROLE, AUDIT_READ_CODE, OPERATIONS_CODE, PARTES_SCREEN_CODES } from '@shared/auth/permissions';
// Only the names: the catalogues (and their schemas) are loaded with the screen, off the login download.
import type { CatalogName } from '@client/components/catalogs';
import { SCREEN_PATHS, type ScreenKey } from '@client/routes/screen-paths';

export type { ScreenKey };

export interface ScreenDef {
  /** TanStack Router path; `$tipo` style params are read with useParams({ strict: false }). */
  path: string;
  /** Role id needed to open the route (the menu id), or ids any of which opens it; undefined = any logged-in user. */
  code?: number | readonly number[];
  /** The page, loaded on first visit. Absent while the feature is not built. */
  load?: () => Promise<{ default: ComponentType }>;
  /** Data the screen needs first (spec: "usuario loads the permissions tree first"). */
  preload?: (queryClient: QueryClient) => Promise<unknown>;
  /**
   * The catalogues the screen's forms read (components/catalogs.ts): loaded before the screen opens (a failing one
   * never blocks it: its selects are just empty) and kept on the device after each login for the users who can
   * open the screen, so its forms work offline.
   */
  catalogs?: readonly CatalogName[];
}

export const SCREENS = {
  maquinaria: {
    path: SCREEN_PATHS.maquinaria,
    code: MENU.maquinarias,
    load: () => import('@client/features/maquinarias/maquinarias-page'),
  },
  reporte_maquinaria: {
    path: SCREEN_PATHS.reporte_maquinaria,
    code: MENU.reporteMaquinaria,
    load: () => import('@client/features/maquinarias/maquinarias-page'),
  },
  mantenimiento_maquinaria: {
    path: SCREEN_PATHS.mantenimiento_maquinaria,
    code: MENU.mantenimientoPreventivo,
    // The machinery list of type mantenimiento and the preventive plans (app/mantenimiento-page.tsx).
    load: () => import('./mantenimiento-page'),
    catalogs: ['maquinarias'],
  },
  operador: { path: SCREEN_PATHS.operador, code: MENU.operadores, load: () => import('@client/features/operadores/operadores-page') },
  actividad: {
    path: SCREEN_PATHS.actividad,
    code: MENU.actividades,
    load: () => import('@client/features/actividades/actividades-page'),
    catalogs: ['actividades'],
  },
  valoriza: {
    path: SCREEN_PATHS.valoriza,
    code: MENU.registrarValorizaciones,
    load: () => import('@client/features/valoriza/valoriza-page'),
    // Valoriza loads machinery, activities, prices and accounts first.
    catalogs: ['maquinarias', 'infoventa', 'cuentas'],
  },
  costo: { path: SCREEN_PATHS.costo, code: MENU.costos, load: () => import('@client/features/costos/costos-page'), catalogs: ['costos'] },
  falla: {
    path: SCREEN_PATHS.falla,
    code: MENU.fallas,
    load: () => import('@client/features/fallas/fallas-page'),
    catalogs: ['maquinarias'],
  },
  reparacion: {
    path: SCREEN_PATHS.reparacion,
    code: MENU.reparaciones,
    load: () => import('@client/features/reparaciones/reparaciones-page'),
    catalogs: ['maquinarias'],
  },
  reporte_reparacion: {
    path: SCREEN_PATHS.reporte_reparacion,
    code: MENU.reporteReparaciones,
    load: () => import('@client/features/reparaciones/reparaciones-page'),
    catalogs: ['maquinarias'],
  },
  ordenes_trabajo: {
    path: SCREEN_PATHS.ordenes_trabajo,
    code: MENU.ordenesTrabajo,
    load: () => import('@client/features/ordenestrabajo/ordenes-page'),
    catalogs: ['maquinarias', 'insumos'],
  },
  orden_trabajo: {
    path: SCREEN_PATHS.orden_trabajo,
    code: MENU.ordenesTrabajo,
    load: () => import('@client/features/ordenestrabajo/orden-ejecucion'),
    catalogs: ['maquinarias', 'insumos'],
  },
  rep_mantenimiento: {
    path: SCREEN_PATHS.rep_mantenimiento,
    code: MENU.reporteMantenimiento,
    load: () => import('./rep-mantenimiento-page'),
    catalogs: ['maquinarias'],
  },
  indicadores: {
    path: SCREEN_PATHS.indicadores,
    code: MENU.indicadores,
    load: () => import('@client/features/indicadores/indicadores-page'),
    catalogs: ['maquinarias'],
  },
  pedido: {
    path: SCREEN_PATHS.pedido,
    code: MENU.pedidos,
    load: () => import('@client/features/pedidos/pedidos-page'),
    catalogs: ['maquinarias', 'unimeds'],
  },
  ingreso: { path: SCREEN_PATHS.ingreso, code: MENU.ingresos, load: () => import('@client/features/ingresos/ingresos-page') },
  salida: {
    path: SCREEN_PATHS.salida,
    code: MENU.salidas,
    load: () => import('@client/features/salidas/salidas-page'),
    catalogs: ['maquinarias', 'unimeds', 'operadores', 'insumos', 'cierres'],
  },
  movimiento: {
    path: SCREEN_PATHS.movimiento,
    code: MENU.movimientos,
    load: () => import('@client/features/movimientos/movimientos-page'),
    catalogs: ['maquinarias', 'insumos'],
  },
  cierres: {
    path: SCREEN_PATHS.cierres,
    code: MENU.cierres,
    load: () => import('@client/features/cierres/cierres-page'),
    catalogs: ['cierres'],
  },
  insumo: { path: SCREEN_PATHS.insumo, code: MENU.reporteInsumos, load: () => import('@client/features/insumos/insumos-page') },
  inventario: {
    path: SCREEN_PATHS.inventario,
    code: MENU.inventarios,
    load: () => import('@client/features/inventarios/inventarios-page'),
    catalogs: ['insumos'],
  },
  inventario_conteo: {
    path: SCREEN_PATHS.inventario_conteo,
    code: MENU.inventarios,
    load: () => import('@client/features/inventarios/inventario-conteo'),
  },
  usuario: {
    path: SCREEN_PATHS.usuario,
    code: MENU.usuarios,
    load: () => import('@client/features/usuarios/usuarios-page'),
    preload: (qc) => import('@client/features/usuarios/api').then((m) => qc.ensureQueryData(m.permissionTreeQuery())),
  },
  auditoria: {
    path: SCREEN_PATHS.auditoria,
    code: AUDIT_READ_CODE,
    load: () => import('@client/features/auditoria/auditoria-page'),
  },
  partediario: {
    path: SCREEN_PATHS.partediario,
    code: PARTES_SCREEN_CODES,
    load: () => import('@client/features/partesdiarios/partes-page'),
    catalogs: ['maquinarias', 'operadores', 'infoventa'],
  },
  costos_maquinaria: {
    path: SCREEN_PATHS.costos_maquinaria,
    code: MENU.costosMaquinaria,
    load: () => import('@client/features/costosmaquina/costosmaquina-page'),
    catalogs: ['maquinarias'],
  },
  parametros: {
    path: SCREEN_PATHS.parametros,
    code: MENU.parametros,
    load: () => import('@client/features/parametros/parametros-page'),
    catalogs: ['insumos'],
  },
  // A machine's record, opened from its plate in the lists (no menu entry).
  hojadevida: {
    path: SCREEN_PATHS.hojadevida,
    code: ROLE.hojaDeVida,
    load: () => import('@client/features/hojadevida/hojadevida-page'),
  },
  sincronizacion: {
    path: SCREEN_PATHS.sincronizacion,
    load: () => import('./sync-page'),
  },
  operaciones: {
    path: SCREEN_PATHS.operaciones,
    code: OPERATIONS_CODE,
    load: () => import('@client/features/operaciones/operaciones-page'),
  },
} satisfies Record<ScreenKey, ScreenDef>;

/** The screen's definition, typed loosely (optional `load`/`preload`) for generic code. */
export function screenDef(key: ScreenKey): ScreenDef {
  return SCREENS[key];
}

/** True when the feature behind the screen is built (it has a page to load). */
export function isScreenBuilt(key: ScreenKey): boolean {
  return screenDef(key).load !== undefined;
}

/** Concrete path of a screen with its params filled in, e.g. ('maquinaria', { tipo: 'admin' }) → '/maquinaria/admin'. */
export function screenHref(key: ScreenKey, params: Record<string, string> = {}): string {
  return SCREENS[key].path.replace(/\$([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
