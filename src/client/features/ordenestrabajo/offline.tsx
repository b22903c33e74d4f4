// Work orders as an offline resource (docs/architecture.md, "Work orders"): the create (POST /api/ordenestrabajo) and
// every execution save (PUT /api/ordenestrabajo/:uid, the order's whole state) go through the outbox in order, the
// execution addressed by the device-made uid, so an order created and closed without signal reaches the server
// create first; photos follow an accepted save (POST /api/ordenestrabajo/:uid/fotos). Shown as 'pendiente' rows in
// the orders list, corrected in the execution screen.
import { ordenestrabajoApi, type OrdenListBody, type OrdenRow } from '@shared/contract/ordenestrabajo';
import { limaDate } from '@shared/domain/dates';
import { LABELS } from '@shared/messages';
import { CATALOG } from '@client/components/catalogs';
import { offlineResource, useResourceSave, type OutboxEditorProps } from '@client/offline';
import type { OrdenMeta, OrdenSave } from './api';

/** Whether an order row belongs in the list shown with `filter` (the server's rules, on the device). */
function inOrdenFilter(row: OrdenRow, f: OrdenListBody): boolean {
  if (f.maquinaria_id && row.maquinaria_id !== f.maquinaria_id) return false;
  if (f.estado && row.estado !== f.estado) return false;
  const day = limaDate(new Date(row.created_at));
  return !((f.fini && day < f.fini) || (f.ffin && day > f.ffin));
}

export const ordenestrabajoOffline = offlineResource({
  create: ordenestrabajoApi.create,
  update: ordenestrabajoApi.update,
  // An order whose create was saved (on the server or earlier in the queue) is addressed by its uid.
  editOf: (o: OrdenSave) => (o.saved ? { uid: o.uid } : null),
  label: (o: OrdenSave, meta: OrdenMeta) => LABELS.ordenes.outboxLabel(meta.placa, o.descripcion),
  // A pending order has no number yet: a negative id keeps its row apart; its uid matches the saved row it changes.
  row: ({ item, body, meta }): OrdenRow => ({
    ot_id: -item.seq,
    uid: body.uid,
    anio: 0,
    numero: 0,
    codigo: meta.codigo ?? '',
    maquinaria_id: body.maquinaria_id,
    placa: meta.placa ?? '',
    maquinaria: meta.maquinaria ?? '',
    horometro: meta.horometro ?? true,
    origen: body.origen,
    tipo: body.tipo ?? (body.origen === 'PLAN' ? 'PREVENTIVA' : 'CORRECTIVA'),
    prioridad: body.prioridad,
    estado: body.saved ? body.estado : 'ABIERTA',
    descripcion: body.descripcion,
    fecha_programada: body.fecha_programada,
    inicio: body.inicio,
    fin: body.fin,
    maquina_detenida: body.maquina_detenida,
    tarea_id: body.tarea_id,
    falla_id: body.falla_id,
    asignados: [],
    asignados_text: meta.asignados_text ?? '',
    created_at: new Date(item.createdAt).toISOString(),
  }),
  // 'Assigned to me' is not checked: an order this device saves is its user's work.
  inFilter: (row, filter: OrdenListBody) => inOrdenFilter(row, filter),
  editor: async () => {
    const { OrdenFixDialog } = await import('./orden-ejecucion');
    return ({ onClose, ...fix }: OutboxEditorProps<OrdenSave>) => <OrdenFixDialog fix={fix} onClose={onClose} />;
  },
  // An accepted order moves the stock and the kardex (its parts), the failures, the machines (state, parts) and plans.
  refreshes: [['insumos'], ['movimientos'], ['salidas'], ['fallas'], ['maquinarias']],
  catalogs: [CATALOG.maquinarias, CATALOG.insumos, CATALOG.cierres],
  files: { endpoint: ordenestrabajoApi.uploadFoto, idField: 'uid', field: 'foto' },
});

/** Save through the outbox: resolves the server's answer online, `{ queued: true }` offline; photos follow. */
export const useSaveOrden = () => useResourceSave(ordenestrabajoOffline);
