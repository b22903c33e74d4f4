// The side menu: groups and entries with their role ids, and the filter by the session's roles.
import type { LucideIcon } from 'lucide-react';
import { Briefcase, ChartColumn, Coins, Settings, Warehouse, Wrench } from 'lucide-react';
import { MENU, PARTES_SCREEN_CODES } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { isScreenBuilt, screenHref, type ScreenKey } from './screens';

export interface MenuEntry {
  id: number;
  /** Role ids any of which shows the entry; [id] when absent. */
  codes?: readonly number[];
  label: string;
  screen: ScreenKey;
  params?: Record<string, string>;
}

export interface MenuGroup {
  id: number;
  label: string;
  icon: LucideIcon;
  entries: MenuEntry[];
}

const L = LABELS.menu;
const e = (id: number, label: string, screen: ScreenKey, params?: Record<string, string>): MenuEntry => ({ id, label, screen, params });

export const MENU_GROUPS: MenuGroup[] = [
  {
    id: MENU.administrativo,
    label: L.administrativo,
    icon: Briefcase,
    entries: [
      e(MENU.maquinarias, L.maquinarias, 'maquinaria', { tipo: 'admin' }),
      e(MENU.operadores, L.operadores, 'operador'),
      e(MENU.actividades, L.actividades, 'actividad'),
    ],
  },
  {
    id: MENU.valorizaciones,
    label: L.valorizaciones,
    icon: Coins,
    entries: [
      e(MENU.registrarValorizaciones, L.registrarValorizaciones, 'valoriza'),
      { ...e(MENU.registrarValorizaciones, LABELS.partes.menu, 'partediario'), codes: PARTES_SCREEN_CODES },
      e(MENU.costos, L.costos, 'costo'),
    ],
  },
  {
    id: MENU.mantenimientos,
    label: L.mantenimientos,
    icon: Wrench,
    entries: [
      e(MENU.fallas, L.fallas, 'falla'),
      e(MENU.mantenimientoPreventivo, L.mantenimientoPreventivo, 'mantenimiento_maquinaria', { tipo: 'mantenimiento' }),
      e(MENU.reparaciones, L.reparaciones, 'reparacion', { tipo: 'admin' }),
      e(MENU.ordenesTrabajo, L.ordenesTrabajo, 'ordenes_trabajo'),
    ],
  },
  {
    id: MENU.reportes,
    label: L.reportes,
    icon: ChartColumn,
    entries: [
      e(MENU.reporteMaquinaria, L.reporteMaquinaria, 'reporte_maquinaria', { tipo: 'reporte' }),
      e(MENU.reporteMantenimiento, L.reporteMantenimiento, 'rep_mantenimiento'),
      e(MENU.reporteReparaciones, L.reporteReparaciones, 'reporte_reparacion', { tipo: 'reporte' }),
      e(MENU.reporteInsumos, L.reporteInsumos, 'insumo'),
      e(MENU.costosMaquinaria, LABELS.costosmaquina.menu, 'costos_maquinaria'),
      e(MENU.indicadores, LABELS.indicadores.menu, 'indicadores'),
    ],
  },
  {
    id: MENU.almacen,
    label: L.almacen,
    icon: Warehouse,
    entries: [
      e(MENU.pedidos, L.pedidos, 'pedido'),
      e(MENU.ingresos, L.ingresos, 'ingreso'),
      e(MENU.salidas, L.salidas, 'salida'),
      e(MENU.movimientos, L.movimientos, 'movimiento'),
      e(MENU.inventarios, LABELS.inventarios.menu, 'inventario'),
      e(MENU.cierres, LABELS.cierres.menu, 'cierres'),
    ],
  },
  {
    id: MENU.configuracion,
    label: L.configuracion,
    icon: Settings,
    entries: [e(MENU.usuarios, L.usuarios, 'usuario'), e(MENU.parametros, LABELS.parametros.menu, 'parametros')],
  },
];

export interface VisibleGroup extends MenuGroup {
  entries: (MenuEntry & { href: string })[];
}

/**
 * Groups and entries the user may see: an entry needs its role id (or one of its `codes`) and a built screen; a
 * group needs its own role id and at least one visible entry. `built` is injectable for tests.
 */
export function visibleMenu(
  roles: readonly number[],
  built: (screen: ScreenKey) => boolean = isScreenBuilt,
  groups: MenuGroup[] = MENU_GROUPS,
): VisibleGroup[] {
  const has = new Set(roles);
  return groups
    .filter((g) => has.has(g.id))
    .map((g) => ({
      ...g,
      entries: g.entries
        .filter((x) => (x.codes ?? [x.id]).some((c) => has.has(c)) && built(x.screen))
        .map((x) => ({ ...x, href: screenHref(x.screen, x.params) })),
    }))
    .filter((g) => g.entries.length > 0);
}
