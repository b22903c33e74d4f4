// Daily reports as an offline resource (docs/architecture.md, "How to add an offline form"): saved in the field
// through the outbox to POST/PUT /api/partesdiarios, shown as 'pendiente' rows in the reports list, corrected in the
// report form. An accepted report moves its machine's meter and wear counters: the machines are refreshed too.
import { partesdiariosApi, type ParteRow } from '@shared/contract/partesdiarios';
import { LABELS } from '@shared/messages';
import { CATALOG } from '@client/components/catalogs';
import { inMaquinariaDateRange, type MaquinariaDateBody } from '@client/components/maquinaria-date';
import { offlineResource, useResourceSave, type OutboxEditorProps } from '@client/offline';
import type { ParteItem, ParteOutboxMeta } from '@client/components/partes/parte-item';

export const partesdiariosOffline = offlineResource({
  create: partesdiariosApi.create,
  update: partesdiariosApi.update,
  editOf: (item: ParteItem) => (item.parte_id !== null ? { id: item.parte_id } : null),
  label: (item: ParteItem, _meta: ParteOutboxMeta) => LABELS.partes.outboxLabel(item.nro_parte_interno),
  // A new report gets a negative id so it never collides with a saved one.
  row: ({ item, body, meta }): ParteRow => ({
    parte_id: body.parte_id ?? -item.seq,
    nro_parte_interno: body.nro_parte_interno,
    fecha: body.fecha,
    maquinaria_id: body.maquinaria_id,
    maquinaria: meta.maquinaria ?? '',
    placa: meta.placa ?? '',
    operador_id: body.operador_id ?? 0,
    dni_operador: body.dni,
    nombre_operador: body.nombre_operador,
    actividad_id: body.actividad_id,
    actividad: meta.actividad ?? '',
    costo_det_id: body.partesdiarios_det.costo_det_id,
    servicio: meta.servicio ?? '',
    unidad: meta.unidad ?? 'HORA',
    cantid: body.partesdiarios_det.cantid,
    preuni: body.partesdiarios_det.preuni,
    pretot: body.partesdiarios_det.pretot,
    monto: body.monto,
    valoriza_id: null,
    horometro: meta.horometro ?? true,
    horometro_inicial: body.horometro_inicial ?? null,
    horometro_final: body.horometro_final ?? null,
    created_at: new Date(item.createdAt).toISOString(),
  }),
  inFilter: (row, filter: MaquinariaDateBody) => inMaquinariaDateRange(row, filter),
  // What its form reads offline.
  catalogs: [CATALOG.infoventa, CATALOG.operadores],
  editor: async () => {
    const { ParteSaveDialog } = await import('./parte-save-dialog');
    return ({ onClose, ...fix }: OutboxEditorProps<ParteItem>) => <ParteSaveDialog item={null} onClose={onClose} fix={fix} />;
  },
  refreshes: [['maquinarias']],
});

/** Save through the outbox: resolves the server's answer online, `{ queued: true }` offline. */
export const useSaveParte = () => useResourceSave(partesdiariosOffline);
