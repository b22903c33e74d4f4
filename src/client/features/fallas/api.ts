// Failures API (photos: docs/architecture.md "Photos of a failure"): list by machine and dates, delete, the photos'
// metadata and bytes, and the failure as the form and the outbox keep it (its offline declaration: offline.tsx).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fallasApi, type FallaBody, type FallaRow } from '@shared/contract/fallas';
import { fotosApi, type FotoRow } from '@shared/contract/fotos';
import { LABELS } from '@shared/messages';
import { call } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';
import { cachedData } from '@client/offline';
import type { MaquinariaDateBody } from '@client/components/maquinaria-date';

export type { FallaRow, FotoRow };

export const FALLAS_KEY = ['fallas'] as const;

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

export function useFallas(body: MaquinariaDateBody) {
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

/** The body of a save: the contract's fields plus the mode (and, on create, the device's time of the report). */
export function fallaForm(
  values: Pick<FallaBody, 'maquinaria_id' | 'descripcion' | 'detalle' | 'maquina_detenida'>,
  fallaId: number | null,
  now = new Date(),
) {
  const editing = fallaId !== null;
  return {
    falla_id: fallaId,
    maquinaria_id: values.maquinaria_id,
    descripcion: values.descripcion,
    detalle: values.detalle ?? null,
    maquina_detenida: values.maquina_detenida ?? false,
    ...(editing ? {} : { created_at: now.toISOString() }),
    editorMode: editing ? 'editar' : 'crear',
  } satisfies FallaForm;
}

export const fallaStateLabel = (estado: number) => LABELS.failureState[estado === 1 ? 1 : 0];
