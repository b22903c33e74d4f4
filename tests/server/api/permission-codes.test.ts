// The permission table against both spec documents, code by code: menu ids (000 §2) and button codes (000 §6, 001 §6).
import { describe, expect, it } from 'vitest';
import { ALL_CODES, AUDIT_READ_CODE, MENU, PERMISSION_TREE, ROLE, type PermissionNode } from '@shared/auth/permissions';
import { endpointKey } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';

/** The rule of `METHOD /path`: its declaration's access (one code as that code). */
function ruleOf(key: string) {
  const declared = ENDPOINTS.find((e) => endpointKey(e.endpoint) === key)?.endpoint.access;
  if (declared === undefined) return undefined;
  return Array.isArray(declared) && declared.length === 1 ? declared[0] : declared;
}

/** Menu ids of the specification and the group each entry belongs to (null = a group itself). */
const SPEC_MENU: [number, number | null, RegExp][] = [
  [2, null, /^Administrativo$/],
  [3, 2, /maquinarias/i],
  [9, 2, /^Operadores$/],
  [13, 2, /^Actividades$/],
  [17, null, /^Valorizaciones$/],
  [18, 17, /valorizaciones/i],
  [26, 17, /costos/i],
  [30, null, /^Mantenimientos$/],
  [31, 30, /^Fallas$/],
  [35, 30, /mantenimiento preventivo/i],
  [38, 30, /^Reparaciones$/],
  [42, null, /^Reportes$/],
  [43, 42, /control de maquinarias/i],
  [44, 42, /mantenimiento preventivo/i],
  [45, 42, /historial de reparaciones/i],
  [46, 42, /insumos y materiales/i],
  [47, null, /^Almacén$/],
  [52, 47, /pedidos/i],
  [48, 47, /ingresos/i],
  [56, 47, /salidas/i],
  [60, 47, /movimientos/i],
  [61, null, /^Configuración$/],
  [62, 61, /^Usuarios$/],
];

/** Button codes of 000 §6 and 001 §6, the screen (menu id) whose node holds them, and what the text must say. */
const SPEC_BUTTONS: [number, number, RegExp][] = [
  [4, 3, /nueva maquinaria.*mensajes/i],
  [5, 3, /editar/i],
  [6, 3, /asignar insumos/i],
  [7, 3, /desgaste/i],
  [8, 3, /pdf/i],
  [10, 9, /nuevo/i],
  [11, 9, /editar/i],
  [12, 9, /eliminar operador.*estado de pedido/i],
  [14, 13, /nueva/i],
  [15, 13, /editar/i],
  [16, 13, /eliminar/i],
  [19, 18, /nueva valorizaci/i],
  [20, 18, /editar valorizaci/i],
  [21, 18, /pdf/i],
  [22, 18, /eliminar valorizaci/i],
  [23, 18, /agregar parte diario/i],
  [24, 18, /editar parte diario/i],
  [25, 18, /quitar parte diario/i],
  [27, 26, /nuevo/i],
  [28, 26, /editar/i],
  [29, 26, /eliminar/i],
  [32, 31, /nueva/i],
  [33, 31, /editar/i],
  [34, 31, /eliminar.*pendiente/i],
  [36, 35, /desgaste/i],
  [37, 35, /cambiar insumos/i],
  [39, 38, /nueva/i],
  [40, 38, /editar/i],
  [41, 38, /eliminar/i],
  [49, 48, /nuevo/i],
  [50, 48, /ver/i],
  [51, 48, /eliminar/i],
  [53, 52, /nuevo/i],
  [54, 52, /editar/i],
  [55, 52, /eliminar/i],
  [57, 56, /nueva/i],
  [58, 56, /editar/i],
  [59, 56, /eliminar/i],
  [63, 62, /nuevo/i],
  [64, 62, /editar/i],
  [65, 62, /permisos/i],
  [66, 62, /contraseña/i],
  [67, 62, /eliminar/i],
];

/** Codes beyond the spec (after 67): the fleet's maintenance; each under the screen it belongs to. */
const BEYOND_SPEC: [number, number, RegExp][] = [
  [68, 35, /planes/i],
  [69, 35, /eliminar plan/i],
  [70, 30, /órdenes de trabajo/i],
  [71, 70, /nueva orden/i],
  [72, 70, /ejecutar/i],
  [73, 70, /anular/i],
  [74, 18, /lecturas/i],
  [75, 3, /hoja de vida/i],
  [76, 47, /cierre mensual/i],
  [77, 76, /cerrar mes/i],
  [78, 76, /reabrir mes/i],
  [79, 47, /inventario físico/i],
  [80, 79, /conteo/i],
  [81, 79, /aprobar/i],
  [82, 42, /costo por maquinaria/i],
  [83, 42, /indicadores/i],
  [84, 61, /parámetros/i],
];

function index(nodes: PermissionNode[], parent: number | null, out = new Map<number, { node: PermissionNode; parent: number | null }[]>()) {
  for (const node of nodes) {
    out.set(node.value, [...(out.get(node.value) ?? []), { node, parent }]);
    if (node.children) index(node.children, node.value, out);
  }
  return out;
}

describe('permissions.ts against both spec documents', () => {
  const byCode = index(PERMISSION_TREE, null);

  it('every grantable code is 2..67 (every menu id and button code of both documents) plus the codes beyond the spec, each once in the tree', () => {
    expect(ALL_CODES).toEqual(Array.from({ length: 66 + BEYOND_SPEC.length }, (_, i) => i + 2));
    expect([...byCode.entries()].filter(([, places]) => places.length !== 1).map(([c]) => c)).toEqual([]);
    const all = [...SPEC_MENU.map((m) => m[0]), ...SPEC_BUTTONS.map((b) => b[0]), ...BEYOND_SPEC.map((b) => b[0])];
    expect(new Set(all)).toEqual(new Set(ALL_CODES));
  });

  it.each(BEYOND_SPEC)('code %i beyond the spec sits under %i with its meaning', (code, parent, text) => {
    const [place] = byCode.get(code)!;
    expect(place.parent).toBe(parent);
    expect(place.node.text).toMatch(text);
  });

  it.each(SPEC_MENU)('menu id %i sits under %s with its label', (code, parent, text) => {
    const [place] = byCode.get(code)!;
    expect(place.parent).toBe(parent);
    expect(place.node.text).toMatch(text);
    expect(Object.values(MENU)).toContain(code);
  });

  it.each(SPEC_BUTTONS)('button code %i sits under screen %i with its meaning', (code, screen, text) => {
    const [place] = byCode.get(code)!;
    expect(place.parent).toBe(screen);
    expect(place.node.text).toMatch(text);
    expect(place.node.children).toBeUndefined();
    expect(Object.values(ROLE)).toContain(code);
  });

  it('gives each mutating endpoint the code of its button (000 §6, 001 §6)', () => {
    const expected: Record<string, number> = {
      'POST /api/actividades': 14,
      'PUT /api/actividades/:id': 15,
      'DELETE /api/actividades/:id': 16,
      'POST /api/ingresos': 49,
      'DELETE /api/ingresos/:id': 51,
      'POST /api/pedidos': 53,
      'PUT /api/pedidos/:pedido_id': 54,
      'DELETE /api/pedidos/:id': 55,
      'POST /api/salidas': 57,
      'PUT /api/salidas/:id': 58,
      'DELETE /api/salidas/:id': 59,
      'POST /api/costos': 27,
      'PUT /api/costos/:id': 28,
      'DELETE /api/costos/:id': 29,
      'POST /api/fallas': 32,
      'PUT /api/fallas/:falla_id': 33,
      'DELETE /api/fallas/:id': 34,
      'POST /api/maquinarias': 4,
      'PUT /api/maquinarias/:id': 5,
      'POST /api/maquinarias/asignar': 6,
      'POST /api/maquinarias/cambiarinsumo': 37,
      'POST /api/operadores': 10,
      'PUT /api/operadores/:operador_id': 11,
      'DELETE /api/operadores/:operador_id': 12,
      'POST /api/reparaciones': 39,
      'PUT /api/reparaciones/:reparacion_id': 40,
      'DELETE /api/reparaciones/:id': 41,
      'POST /api/usuarios': 63,
      'PUT /api/usuarios/:id': 64,
      'PUT /api/usuarios/savepermission/:id': 65,
      'PUT /api/usuarios/setpwd/:id': 66,
      'DELETE /api/usuarios/:id': 67,
      'POST /api/valoriza': 19,
      'PUT /api/valoriza/:valoriza_id': 20,
      'DELETE /api/valoriza/:id': 22,
      'POST /api/partesdiarios': 23,
      'PUT /api/partesdiarios/:id': 24,
      'DELETE /api/partesdiarios/:id': 25,
    };
    const actual = Object.fromEntries(Object.keys(expected).map((k) => [k, ruleOf(k)]));
    expect(actual).toEqual(expected);
    expect(ruleOf('POST /api/login')).toBe('public');
    expect(AUDIT_READ_CODE).toBe(MENU.configuracion);
  });
});
