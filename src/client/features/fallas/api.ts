// Failures API (photos: docs/architecture.md "Photos of a failure"): list by machine and dates, the
// outbox save with the photos as attachments of the item, delete, the photos' metadata and bytes, and the mapping
// of outbox items to list rows.
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fallasApi, type FallaBody, type FallaDetail, type FallaRow } from '@shared/contract/fallas';
import { fotosApi, type FotoRow } from '@shared/contract/fotos';
import { limaDate } from '@shared/domain/dates';
import { LABELS } from '@shared/messages';
import { call } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';
import { cachedData, useOfflineSave, type AttachmentInput, type OutboxItem } from '@client/offline';
import type { MachineDateBody } from '@client/features/maquinarias/machine-date-filters';

export type { FallaRow, FotoRow };

export const FALLAS_KEY = ['fallas'] as const;
export const RESOURCE = 'fallas';
/** Where the photos of a saved failure go: the id comes from the answer's `falla_id`. */
export const FOTO_UPLOAD = { idField: 'falla_id', url: '/api/fallas/{id}/fotos', field: 'foto' } as const;

/**
 * The failure object sent with POST/PUT: the contract's body with the mode always said and
 * `falla_id`, the failure being edited (null for a new one).
 */
export type FallaForm = FallaBody & { falla_id: number | null; editorMode: NonNullable<FallaBody['editorMode']> };

/** Outbox meta: what the list row needs that the body does not carry. */
export interface FallaOutboxMeta extends Record<string, unknown> {
  placa: string;
  maquinaria: string;
  /** Photos already on the server (an edit) plus the ones travelling with the item. */
  nro_fotos: number;
}

export function useFallas(body: MachineDateBody) {
  return useListQuery<FallaRow[]>([...FALLAS_KEY, 'list', body], (signal) => call(fallasApi.list, { body, signal }));
}

const fotosKey = (fallaId: number) => [...FALLAS_KEY, 'fotos', fallaId];

/** The photos' metadata of a saved failure (kept on the device, so the count and order show offline). */
export function useFotos(fallaId: number | null, enabled = true) {
  return useQuery({
    queryKey: fotosKey(fallaId ?? 0),
    queryFn: ({ signal }) => cachedData(fotosKey(fallaId ?? 0), () => call(fotosApi.list, { params: { falla_id: fallaId ?? 0 }, signal })),
    enabled: enabled && fallaId !== null && fallaId > 0,
    retry: false,
    staleTime: 30_000,
  });
}

/** One photo's bytes (GET /api/fotos/:id needs the bearer token, so no plain <img src>); a photo never changes. */
export function useFotoBlob(id: number | null) {
  return useQuery({
    queryKey: ['fotos', id],
    queryFn: ({ signal }) => call(fotosApi.file, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
}

export function useDeleteFoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(fotosApi.remove, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: FALLAS_KEY }),
  });
}

export function useDeleteFalla() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(fallasApi.remove, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: FALLAS_KEY }),
  });
}

export function outboxInput(form: FallaForm, meta: FallaOutboxMeta, files: readonly AttachmentInput[] = []) {
  const editing = form.editorMode === 'editar' && form.falla_id !== null;
  return {
    resource: RESOURCE,
    method: editing ? ('PUT' as const) : ('POST' as const),
    url: editing ? `/api/fallas/${form.falla_id}` : '/api/fallas',
    body: form,
    label: LABELS.fallas.outboxLabel(meta.placa, form.descripcion),
    meta,
    files,
    upload: files.length ? FOTO_UPLOAD : null,
  };
}

/**
 * Save through the outbox, photos as the item's attachments: online it resolves the server's answer (the photos
 * follow in the background, each under its own key), offline `{ queued: true }`; everything survives a restart.
 */
export function useSaveFalla() {
  const save = useOfflineSave();
  return useCallback(
    (form: FallaForm, meta: FallaOutboxMeta, files: readonly AttachmentInput[] = []) => save<FallaDetail>(outboxInput(form, meta, files)),
    [save],
  );
}

/** The body of a save: the contract's fields plus the mode (and, on create, the device's time of the report). */
export function fallaForm(values: Pick<FallaBody, 'maquinaria_id' | 'descripcion' | 'detalle'>, fallaId: number | null, now = new Date()) {
  const editing = fallaId !== null;
  return {
    falla_id: fallaId,
    maquinaria_id: values.maquinaria_id,
    descripcion: values.descripcion,
    detalle: values.detalle ?? null,
    ...(editing ? {} : { created_at: now.toISOString() }),
    editorMode: editing ? 'editar' : 'crear',
  } satisfies FallaForm;
}

/** An outbox failure as a list row (new ones get a negative number so they never collide with saved ones). */
export function outboxRow(item: OutboxItem): FallaRow | null {
  if (item.resource !== RESOURCE || item.method === 'DELETE') return null;
  const body = item.body as FallaForm;
  const meta = item.meta as Partial<FallaOutboxMeta>;
  const created = body.created_at ?? new Date(item.createdAt).toISOString();
  return {
    falla_id: body.falla_id ?? -item.seq,
    maquinaria_id: body.maquinaria_id,
    placa: meta.placa ?? '',
    maquinaria: meta.maquinaria ?? '',
    descripcion: body.descripcion,
    detalle: body.detalle,
    estado: 0,
    fecha: limaDate(new Date(created)),
    created_at: created,
    nro_fotos: meta.nro_fotos ?? 0,
    reparacion_id: null,
  };
}

/** outboxRow limited to the list's filters (machine 'Todos' = 0, date range). */
export function outboxRowFor(filter: MachineDateBody) {
  return (item: OutboxItem): FallaRow | null => {
    const row = outboxRow(item);
    if (!row) return null;
    if (filter.maquinaria_id && row.maquinaria_id !== filter.maquinaria_id) return null;
    if ((filter.fini && row.fecha < filter.fini) || (filter.ffin && row.fecha > filter.ffin)) return null;
    return row;
  };
}

export const failureStateLabel = (estado: number) => LABELS.failureState[estado === 1 ? 1 : 0];
