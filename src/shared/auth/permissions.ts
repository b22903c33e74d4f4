// The one permission table of the product: menu ids, button codes of both spec documents and the permission tree
// shown in the users screen. Which codes an endpoint needs is declared with the endpoint (shared/contract); the
// client's buttons and menus read the codes here.

export interface PermissionNode {
  text: string;
  value: number;
  children?: PermissionNode[];
}

/** Menu entries of the side menu, each shown by its role id. */
export const MENU = {
  administrativo: 2,
  maquinarias: 3,
  operadores: 9,
  actividades: 13,
  valorizaciones: 17,
  registrarValorizaciones: 18,
  costos: 26,
  mantenimientos: 30,
  fallas: 31,
  mantenimientoPreventivo: 35,
  reparaciones: 38,
  reportes: 42,
  reporteMaquinaria: 43,
  reporteMantenimiento: 44,
  reporteReparaciones: 45,
  reporteInsumos: 46,
  almacen: 47,
  ingresos: 48,
  pedidos: 52,
  salidas: 56,
  movimientos: 60,
  configuracion: 61,
  usuarios: 62,
  // Beyond the spec (codes after 67): the maintenance of the fleet.
  ordenesTrabajo: 70,
  // The valued warehouse and the costs of the fleet.
  cierres: 76,
  inventarios: 79,
  costosMaquinaria: 82,
  indicadores: 83,
  parametros: 84,
} as const;

/** Button codes of both spec documents (000 §6, 001 §6). */
export const ROLE = {
  maquinariaNuevo: 4,
  mensajes: 4,
  maquinariaEditar: 5,
  maquinariaAsignarInsumos: 6,
  maquinariaDesgaste: 7,
  maquinariaPdf: 8,
  operadorNuevo: 10,
  operadorEditar: 11,
  operadorEliminar: 12,
  pedidoEditarEstado: 12,
  actividadNuevo: 14,
  actividadEditar: 15,
  actividadEliminar: 16,
  valorizaNuevo: 19,
  valorizaEditar: 20,
  valorizaPdf: 21,
  valorizaEliminar: 22,
  parteDiarioNuevo: 23,
  parteDiarioEditar: 24,
  parteDiarioEliminar: 25,
  costoNuevo: 27,
  costoEditar: 28,
  costoEliminar: 29,
  fallaNuevo: 32,
  fallaEditar: 33,
  fallaEliminar: 34,
  maquinariaDesgasteMantenimiento: 36,
  maquinariaCambiarInsumos: 37,
  reparacionNuevo: 39,
  reparacionEditar: 40,
  reparacionEliminar: 41,
  ingresoNuevo: 49,
  ingresoVer: 50,
  ingresoEliminar: 51,
  pedidoNuevo: 53,
  pedidoEditar: 54,
  pedidoEliminar: 55,
  salidaNuevo: 57,
  salidaEditar: 58,
  salidaEliminar: 59,
  usuarioNuevo: 63,
  usuarioEditar: 64,
  usuarioPermisos: 65,
  usuarioClave: 66,
  usuarioEliminar: 67,
  // Beyond the spec (codes after 67; the spec's keep their meaning).
  planNuevo: 68,
  planEliminar: 69,
  ordenNueva: 71,
  ordenEjecutar: 72,
  ordenAnular: 73,
  lecturaCorregir: 74,
  hojaDeVida: 75,
  cierreCerrar: 77,
  cierreReabrir: 78,
  inventarioNuevo: 80,
  inventarioAprobar: 81,
} as const;

const n = (text: string, value: number, children?: PermissionNode[]): PermissionNode =>
  children ? { text, value, children } : { text, value };

/** The permission tree (text, value, children) edited in the users screen. */
export const PERMISSION_TREE: PermissionNode[] = [
  n('Administrativo', MENU.administrativo, [
    n('Registro de maquinarias', MENU.maquinarias, [
      n('Nueva maquinaria / menú de mensajes', ROLE.maquinariaNuevo),
      n('Editar maquinaria', ROLE.maquinariaEditar),
      n('Asignar insumos', ROLE.maquinariaAsignarInsumos),
      n('Ver desgaste / gráficos', ROLE.maquinariaDesgaste),
      n('PDF de maquinaria', ROLE.maquinariaPdf),
      n('Hoja de vida de maquinaria', ROLE.hojaDeVida),
    ]),
    n('Operadores', MENU.operadores, [
      n('Nuevo operador', ROLE.operadorNuevo),
      n('Editar operador', ROLE.operadorEditar),
      n('Eliminar operador / editar estado de pedido', ROLE.operadorEliminar),
    ]),
    n('Actividades', MENU.actividades, [
      n('Nueva actividad', ROLE.actividadNuevo),
      n('Editar actividad', ROLE.actividadEditar),
      n('Eliminar actividad', ROLE.actividadEliminar),
    ]),
  ]),
  n('Valorizaciones', MENU.valorizaciones, [
    n('Registrar valorizaciones', MENU.registrarValorizaciones, [
      n('Nueva valorización', ROLE.valorizaNuevo),
      n('Editar valorización', ROLE.valorizaEditar),
      n('PDF de valorización', ROLE.valorizaPdf),
      n('Eliminar valorización', ROLE.valorizaEliminar),
      n('Agregar parte diario', ROLE.parteDiarioNuevo),
      n('Editar parte diario', ROLE.parteDiarioEditar),
      n('Quitar parte diario', ROLE.parteDiarioEliminar),
      n('Corregir lecturas de horómetro / kilometraje', ROLE.lecturaCorregir),
    ]),
    n('Registrar costos', MENU.costos, [
      n('Nuevo costo', ROLE.costoNuevo),
      n('Editar costo', ROLE.costoEditar),
      n('Eliminar costo', ROLE.costoEliminar),
    ]),
  ]),
  n('Mantenimientos', MENU.mantenimientos, [
    n('Fallas', MENU.fallas, [
      n('Nueva falla', ROLE.fallaNuevo),
      n('Editar falla', ROLE.fallaEditar),
      n('Eliminar falla (solo pendiente)', ROLE.fallaEliminar),
    ]),
    n('Mantenimiento preventivo', MENU.mantenimientoPreventivo, [
      n('Ver desgaste (mantenimiento)', ROLE.maquinariaDesgasteMantenimiento),
      n('Cambiar insumos', ROLE.maquinariaCambiarInsumos),
      n('Crear, editar y copiar planes de mantenimiento', ROLE.planNuevo),
      n('Eliminar plan de mantenimiento', ROLE.planEliminar),
    ]),
    n('Órdenes de trabajo', MENU.ordenesTrabajo, [
      n('Nueva orden de trabajo', ROLE.ordenNueva),
      n('Ejecutar orden (iniciar, checklist, mano de obra, repuestos, lectura, cerrar)', ROLE.ordenEjecutar),
      n('Anular orden de trabajo', ROLE.ordenAnular),
    ]),
    n('Reparaciones', MENU.reparaciones, [
      n('Nueva reparación', ROLE.reparacionNuevo),
      n('Editar reparación', ROLE.reparacionEditar),
      n('Eliminar reparación', ROLE.reparacionEliminar),
    ]),
  ]),
  n('Reportes', MENU.reportes, [
    n('Control de maquinarias', MENU.reporteMaquinaria),
    n('Reporte de mantenimiento preventivo', MENU.reporteMantenimiento),
    n('Historial de reparaciones', MENU.reporteReparaciones),
    n('Insumos y materiales', MENU.reporteInsumos),
    n('Costo por maquinaria', MENU.costosMaquinaria),
    n('Indicadores de flota', MENU.indicadores),
  ]),
  n('Almacén', MENU.almacen, [
    n('Pedidos de insumos', MENU.pedidos, [
      n('Nuevo pedido', ROLE.pedidoNuevo),
      n('Editar pedido', ROLE.pedidoEditar),
      n('Eliminar pedido', ROLE.pedidoEliminar),
    ]),
    n('Ingresos de insumos', MENU.ingresos, [
      n('Nuevo ingreso', ROLE.ingresoNuevo),
      n('Ver ingreso', ROLE.ingresoVer),
      n('Eliminar ingreso', ROLE.ingresoEliminar),
    ]),
    n('Salidas de insumos', MENU.salidas, [
      n('Nueva salida', ROLE.salidaNuevo),
      n('Editar salida', ROLE.salidaEditar),
      n('Eliminar salida', ROLE.salidaEliminar),
    ]),
    n('Movimientos de almacén', MENU.movimientos),
    n('Inventario físico', MENU.inventarios, [
      n('Nuevo inventario, registrar conteo y anular', ROLE.inventarioNuevo),
      n('Aprobar ajustes de inventario', ROLE.inventarioAprobar),
    ]),
    n('Cierre mensual de almacén', MENU.cierres, [n('Cerrar mes', ROLE.cierreCerrar), n('Reabrir mes', ROLE.cierreReabrir)]),
  ]),
  n('Configuración', MENU.configuracion, [
    n('Usuarios', MENU.usuarios, [
      n('Nuevo usuario', ROLE.usuarioNuevo),
      n('Editar usuario', ROLE.usuarioEditar),
      n('Asignar permisos', ROLE.usuarioPermisos),
      n('Cambiar contraseña', ROLE.usuarioClave),
      n('Eliminar usuario', ROLE.usuarioEliminar),
    ]),
    n('Parámetros (tarifa de mano de obra, turno, combustibles)', MENU.parametros),
  ]),
];

function collect(nodes: PermissionNode[], out: Set<number>): Set<number> {
  for (const node of nodes) {
    out.add(node.value);
    if (node.children) collect(node.children, out);
  }
  return out;
}

/** Every code that can be granted (the admin gets all of them). */
export const ALL_CODES: number[] = [...collect(PERMISSION_TREE, new Set<number>())].sort((a, b) => a - b);

/** Role needed to read the audit log (the user menu's "Actividad Log"). */
export const AUDIT_READ_CODE = MENU.configuracion;

/**
 * Who opens the 'Partes diarios' screen: the valuation clerks (18) and the field supervisors who write
 * reports (23) without registering valuations.
 */
export const PARTES_SCREEN_CODES = [MENU.registrarValorizaciones, ROLE.parteDiarioNuevo] as const;

/** Role needed for the Operations page (server state, backups): the office's configuration role. */
export const OPERATIONS_CODE = MENU.configuracion;

export function hasRole(roles: readonly number[] | undefined, code: number): boolean {
  return !!roles && roles.includes(code);
}

function findNode(nodes: PermissionNode[], id: number): PermissionNode | undefined {
  for (const node of nodes) {
    if (node.value === id) return node;
    const inner = node.children && findNode(node.children, id);
    if (inner) return inner;
  }
  return undefined;
}

/** Every code of these screens: each menu id with all the codes under it in the tree (its buttons, its sub-screens). */
export function within(...ids: number[]): number[] {
  const out = new Set<number>();
  for (const id of ids) {
    const node = findNode(PERMISSION_TREE, id);
    if (node) collect([node], out);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Who may read what (docs/security.md, "Least privilege on reads"): each read of the API is declared with the codes
 * of the screens that show it, so a clerk of the warehouse reads supplies and exits but not the valuations' clients,
 * and a user with no codes reads only their own profile. Each group names the screens that use the data.
 */
export const READERS = {
  /** The machine list and its catalogue: every screen with a machine select or column. */
  maquinarias: within(
    MENU.maquinarias,
    MENU.fallas,
    MENU.mantenimientoPreventivo,
    MENU.reparaciones,
    MENU.ordenesTrabajo,
    MENU.pedidos,
    MENU.salidas,
    MENU.registrarValorizaciones,
    MENU.reportes,
  ),
  /** A machine's parts and its state history: the machinery screens, plans, work orders, indicators. */
  maquinariaDetalle: within(MENU.maquinarias, MENU.mantenimientoPreventivo, MENU.ordenesTrabajo, MENU.reportes),
  /** Operators: their screen, and the exit and daily-report forms that pick one. */
  operadores: within(MENU.operadores, MENU.salidas, MENU.registrarValorizaciones),
  /** Supplies with stock: the warehouse, the stock report, parts of machines, plans and work orders, settings. */
  insumos: within(MENU.almacen, MENU.reporteInsumos, MENU.maquinarias, MENU.mantenimientoPreventivo, MENU.ordenesTrabajo, MENU.parametros),
  /** Units of measure: requests and entries. */
  unimeds: within(MENU.pedidos, MENU.ingresos),
  actividades: within(MENU.actividades, MENU.registrarValorizaciones),
  costos: within(MENU.costos, MENU.registrarValorizaciones),
  /** Valuations with their client (document number and name): only the valuation screen and its buttons. */
  valorizaciones: [MENU.registrarValorizaciones, ROLE.valorizaNuevo, ROLE.valorizaEditar, ROLE.valorizaPdf, ROLE.valorizaEliminar],
  /** The daily-report form's catalogues and the reports themselves (the machine's meter is projected from them). */
  partes: within(MENU.registrarValorizaciones, MENU.maquinarias, MENU.mantenimientoPreventivo),
  /** Failures and their photos: failures, the repairs that close them, work orders. */
  fallas: within(MENU.fallas, MENU.reparaciones, MENU.ordenesTrabajo),
  reparaciones: within(MENU.reparaciones, MENU.reporteReparaciones, MENU.ordenesTrabajo),
  /** The service-order lookup: who registers a repair (also from a work order). */
  ordenesServicio: within(MENU.reparaciones, MENU.ordenesTrabajo),
  ingresos: within(MENU.ingresos),
  salidas: within(MENU.salidas),
  /** Requests, and the state of a request (code 12 sits under Operadores in the spec's tree). */
  pedidos: [...within(MENU.pedidos), ROLE.pedidoEditarEstado],
  /** The kardex: its screen, the physical count and the monthly close that are built on it. */
  kardex: within(MENU.movimientos, MENU.inventarios, MENU.cierres),
  ordenesTrabajo: within(MENU.ordenesTrabajo, MENU.mantenimientoPreventivo),
  /** The identity registry (DNI): operators and the valuations' clients. */
  reniec: within(MENU.operadores, MENU.registrarValorizaciones),
  /** The tax registry (RUC): the valuations' clients. */
  sunat: within(MENU.registrarValorizaciones),
  usuarios: within(MENU.usuarios),
  /** The top bar's DNI search: anyone who holds a code (a user with none reads only their own profile). */
  conCodigo: ALL_CODES,
} as const;
