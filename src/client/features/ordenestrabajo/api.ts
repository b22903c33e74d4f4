// Work orders API (docs/architecture.md, "Work orders"): the list, one order (kept on the device so an assigned order
// opens offline), the staff an order can be assigned to, and the order as the device keeps it: one body for the
// create and for every execution save, addressed by the device-made uid (its offline declaration: offline.tsx).
import { useQuery } from '@tanstack/react-query';
import { pathOf } from '@shared/contract/endpoint';
import {
  ordenestrabajoApi,
  type CheckResultado,
  type OrdenDetail,
  type OrdenEstado,
  type OrdenListBody,
  type OrdenRow,
} from '@shared/contract/ordenestrabajo';
import { call } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';
import { cachedData, type Pending } from '@client/offline';

export type { OrdenDetail, OrdenRow };

export const ORDENES_KEY = ['ordenestrabajo'] as const;

export interface ChecklistLine {
  orden: number;
  descripcion: string;
  resultado: CheckResultado | null;
  nota: string | null;
  /** The failure an OBSERVADO item opened (saved), or null. */
  falla_id?: number | null;
  abrir_falla?: boolean;
}
export interface ManoObraLine {
  usuario_id: number | null;
  nombre: string;
  fecha: string;
  horas: number;
}
/** A part line as the screen keeps it: the contract's fields plus what the screen shows (code, name, unit). */
export interface RepuestoLine {
  insumo_id: number;
  cantidad: number;
  insumo_maq_id: number | null;
  observacion: string | null;
  insumo_codigo: string;
  insumo_name: string;
  unimed: string;
}

/**
 * The order as the device keeps it: the create's fields (POST, `saved` false) and the execution's whole state (PUT
 * /api/ordenestrabajo/:uid, `saved` true: the order's create was saved before, on the server or in the queue).
 */
export interface OrdenSave {
  uid: string;
  saved: boolean;
  origen: 'PLAN' | 'FALLA' | 'MANUAL';
  maquinaria_id: number;
  tarea_id: number | null;
  falla_id: number | null;
  tipo: 'PREVENTIVA' | 'CORRECTIVA' | null;
  prioridad: 'BAJA' | 'MEDIA' | 'ALTA' | 'URGENTE';
  descripcion: string;
  fecha_programada: string | null;
  asignados: number[];
  maquina_detenida: boolean;
  items_checklist: string[];
  estado: OrdenEstado;
  inicio: string | null;
  fin: string | null;
  checklist: ChecklistLine[];
  mano_obra: ManoObraLine[];
  repuestos: RepuestoLine[];
  horometro_cierre: number | null;
  notas: string | null;
  motivo_anulacion: string | null;
}

/** Outbox meta: what the list row needs that the body does not carry. */
export interface OrdenMeta extends Record<string, unknown> {
  placa: string;
  maquinaria: string;
  horometro: boolean;
  codigo: string;
  asignados_text: string;
  /** A create from a due task: the task's checklist, which the server copies before the typed items. */
  tarea_checklist?: string[];
}

/**
 * How a queued save opens: a create not yet on the server gets the checklist the server will give it, the task's
 * (from a due task) then the items typed in the create dialog, numbered as the server numbers them.
 */
export function queuedStart(b: OrdenSave, meta: Partial<OrdenMeta>): OrdenSave {
  if (b.saved) return b;
  const items = [...(meta.tarea_checklist ?? []), ...b.items_checklist];
  return { ...b, checklist: items.map((descripcion, i) => ({ orden: i + 1, descripcion, resultado: null, nota: null })) };
}

export function useOrdenes(body: OrdenListBody) {
  return useListQuery<OrdenRow[]>([...ORDENES_KEY, 'list', body], (signal) => call(ordenestrabajoApi.list, { body, signal }));
}

export const ordenDetailKey = (uid: string) => [...ORDENES_KEY, 'detail', uid];

/** A saved order's detail as the device keeps it (useOfflineDetails: the assigned orders open offline). */
export const ordenDetailEntry = (r: OrdenRow) =>
  r.ot_id > 0 ? ([ordenDetailKey(r.uid), pathOf(ordenestrabajoApi.get, { params: { uid: r.uid } })] as const) : null;

/** One order through the device copy; `enabled` false for an order that exists only in the queue. */
export function useOrden(uid: string, enabled = true) {
  const key = ordenDetailKey(uid);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => cachedData(key, () => call(ordenestrabajoApi.get, { params: { uid }, signal })),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

export function useTecnicos() {
  return useQuery({
    queryKey: [...ORDENES_KEY, 'tecnicos'],
    queryFn: ({ signal }) => cachedData([...ORDENES_KEY, 'tecnicos'], () => call(ordenestrabajoApi.tecnicos, { signal })),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The save body of a saved order (its detail) as the execution screen starts from it. */
export function saveOfDetail(d: OrdenDetail): OrdenSave {
  return {
    uid: d.uid,
    saved: true,
    origen: d.origen,
    maquinaria_id: d.maquinaria_id,
    tarea_id: d.tarea_id,
    falla_id: d.falla_id,
    tipo: d.tipo,
    prioridad: d.prioridad,
    descripcion: d.descripcion,
    fecha_programada: d.fecha_programada,
    asignados: d.asignados.map((a) => a.usuario_id),
    maquina_detenida: d.maquina_detenida,
    items_checklist: [],
    estado: d.estado,
    inicio: d.inicio,
    fin: d.fin,
    checklist: d.checklist.map((c) => ({
      orden: c.orden,
      descripcion: c.descripcion,
      resultado: c.resultado,
      nota: c.nota,
      falla_id: c.falla_id,
    })),
    mano_obra: d.mano_obra.map((l) => ({ usuario_id: l.usuario_id, nombre: l.nombre, fecha: l.fecha, horas: l.horas })),
    repuestos: d.repuestos.map((r) => ({
      insumo_id: r.insumo_id,
      cantidad: r.cantidad,
      insumo_maq_id: r.insumo_maq_id,
      observacion: r.observacion,
      insumo_codigo: r.insumo_codigo,
      insumo_name: r.insumo_name,
      unimed: r.unimed,
    })),
    horometro_cierre: d.horometro_cierre,
    notas: d.notas,
    motivo_anulacion: d.motivo_anulacion,
  };
}

/**
 * The newest body the queue holds for the order `uid` (its create or a later save), not counting a refused one (that
 * one is corrected through 'Abrir y corregir'), or null. `pending` is the declaration's `pending(items)`.
 */
export function latestPending<M>(pending: readonly Pending<OrdenSave, M>[], uid: string): Pending<OrdenSave, M> | null {
  let found: Pending<OrdenSave, M> | null = null;
  for (const p of pending) {
    if (p.body.uid !== uid || p.item.ackedAt !== null || p.item.status === 'rejected') continue;
    if (!found || p.item.seq > found.item.seq) found = p;
  }
  return found;
}
