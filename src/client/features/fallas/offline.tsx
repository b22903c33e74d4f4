// Failures as an offline resource (docs/architecture.md, "Photos of a failure"): reported in the field through the
// outbox to POST/PUT /api/fallas with the photos as the item's files (uploaded to POST /api/fallas/:falla_id/fotos
// once the failure is accepted), shown as 'pendiente' rows in the failures list, corrected in the failure form.
import { fallasApi, type FallaRow } from '@shared/contract/fallas';
import { fotosApi } from '@shared/contract/fotos';
import { limaDate } from '@shared/domain/dates';
import { LABELS } from '@shared/messages';
import { CATALOG } from '@client/components/catalogs';
import { inMaquinariaDateRange, type MaquinariaDateBody } from '@client/components/maquinaria-date';
import { offlineResource, useResourceSave, type OutboxEditorProps } from '@client/offline';
import type { FallaForm, FallaOutboxMeta } from './api';

export const fallasOffline = offlineResource({
  create: fallasApi.create,
  update: fallasApi.update,
  editOf: (form: FallaForm) => (form.editorMode === 'editar' && form.falla_id !== null ? { falla_id: form.falla_id } : null),
  label: (form: FallaForm, meta: FallaOutboxMeta) => LABELS.fallas.outboxLabel(meta.placa, form.descripcion),
  // A new failure gets a negative number so it never collides with a saved one; it shows when it was seen.
  row: ({ item, body, meta }): FallaRow => {
    const created = body.created_at ?? new Date(item.createdAt).toISOString();
    return {
      falla_id: body.falla_id ?? -item.seq,
      maquinaria_id: body.maquinaria_id,
      placa: meta.placa ?? '',
      maquinaria: meta.maquinaria ?? '',
      descripcion: body.descripcion,
      detalle: body.detalle,
      maquina_detenida: body.maquina_detenida ?? false,
      estado: 0,
      fecha: limaDate(new Date(created)),
      created_at: created,
      nro_fotos: meta.nro_fotos ?? 0,
      reparacion_id: null,
    };
  },
  inFilter: (row, filter: MaquinariaDateBody) => inMaquinariaDateRange(row, filter),
  // What its form reads offline.
  catalogs: [CATALOG.maquinarias],
  editor: async () => {
    const { FallaDialog } = await import('./falla-dialog');
    return ({ onClose, ...fix }: OutboxEditorProps<FallaForm>) => (
      <FallaDialog open onOpenChange={(o) => !o && onClose()} row={null} fix={fix} />
    );
  },
  // The photos of a saved failure: the failure's id comes from the answer's `falla_id`.
  files: { endpoint: fotosApi.upload, idField: 'falla_id', field: 'foto' },
});

/**
 * Save through the outbox, photos as the item's files: online it resolves the server's answer (the photos follow in
 * the background, each under its own key), offline `{ queued: true }`; everything survives a restart.
 */
export const useSaveFalla = () => useResourceSave(fallasOffline);
