// Exits as an offline resource (docs/architecture.md, "How to add an offline form"): saved from the exit form through
// the outbox to POST/PUT /api/salidas, shown as 'pendiente' rows in the exits list, corrected in the exit form.
import { salidasApi, type SalidaRow } from '@shared/contract/salidas';
import { LABELS } from '@shared/messages';
import { CATALOG } from '@client/components/catalogs';
import { inMaquinariaDateRange, type MaquinariaDateBody } from '@client/components/maquinaria-date';
import { offlineResource, useResourceSave, type OutboxEditorProps } from '@client/offline';
import { detailText, type SalidaOutboxMeta, type SalidaSave } from './api';

export const salidasOffline = offlineResource({
  create: salidasApi.create,
  update: salidasApi.update,
  editOf: (body: SalidaSave) => (body.editorMode === 'editar' && body.id !== null ? { id: body.id } : null),
  label: (body: SalidaSave, _meta: SalidaOutboxMeta) => LABELS.salidas.outboxLabel(body.nro_vale),
  // A new exit gets a negative id so it never collides with a saved one.
  row: ({ item, body, meta }): SalidaRow => ({
    id: body.id ?? -item.seq,
    fecha: body.fecha,
    nro_vale: body.nro_vale,
    maquinaria_id: body.maquinaria_id,
    maquinaria: meta.maquinaria ?? '',
    placa: meta.placa ?? '',
    operador_id: body.operador_id ?? 0,
    operador_dni: body.operador_dni,
    operador_name: body.operador_name,
    detalle: detailText(body.salidas_det ?? []),
    created_at: new Date(item.createdAt).toISOString(),
  }),
  inFilter: (row, filter: MaquinariaDateBody) => inMaquinariaDateRange(row, filter),
  // What its form reads offline.
  catalogs: [CATALOG.maquinarias, CATALOG.operadores, CATALOG.insumos, CATALOG.cierres],
  editor: async () => {
    const { SalidaDialog } = await import('./salida-dialog');
    return ({ onClose, ...fix }: OutboxEditorProps<SalidaSave>) => (
      <SalidaDialog open onOpenChange={(o) => !o && onClose()} editId={null} fix={fix} />
    );
  },
  // An accepted exit also moves the stock and the kardex.
  refreshes: [['insumos'], ['movimientos']],
});

/** Save through the outbox: resolves the server's answer online, `{ queued: true }` offline. */
export const useSaveSalida = () => useResourceSave(salidasOffline);
