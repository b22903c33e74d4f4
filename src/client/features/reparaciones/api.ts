// Repairs API: list by machine and dates, one repair for the edit modal, the service-order lookup,
// the failures a repair may take (POST /api/fallas/bymaquinaria), save (crear → POST, editar → PUT) and delete.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fallasApi, type FallaOption } from '@shared/contract/fallas';
import {
  reparacionesApi,
  type InfoOrdenServicio,
  type ReparacionBody,
  type ReparacionDetail,
  type ReparacionRow,
} from '@shared/contract/reparaciones';
import { call } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';
import type { MaquinariaDateBody } from '@client/components/maquinaria-date';

export type { FallaOption, ReparacionDetail, ReparacionRow };

export const REPARACIONES_KEY = ['reparaciones'] as const;

export function useReparaciones(body: MaquinariaDateBody) {
  return useListQuery<ReparacionRow[]>([...REPARACIONES_KEY, 'list', body], (signal) => call(reparacionesApi.list, { body, signal }));
}

export function useReparacion(id: number | null) {
  return useQuery({
    queryKey: [...REPARACIONES_KEY, 'detail', id],
    queryFn: ({ signal }) => call(reparacionesApi.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}

/** The items of a service order of the logistics system. */
export function fetchOrdenServicio(nro_orden: string, anio: number): Promise<InfoOrdenServicio> {
  return call(reparacionesApi.orden, { body: { nro_orden, anio } });
}

/** The machine's pending failures, plus the one the edited repair holds. */
export function useFallasDeMaquinaria(maquinariaId: number, reparacionId: number | null) {
  return useQuery({
    queryKey: ['fallas', 'bymaquinaria', maquinariaId, reparacionId],
    queryFn: () => call(fallasApi.byMaquinaria, { body: { maquinaria_id: maquinariaId, reparacion_id: reparacionId } }),
    enabled: maquinariaId > 0,
    retry: false,
    staleTime: 0,
  });
}

export type ReparacionForm = ReparacionBody & { reparacion_id: number | null };

export function saveReparacion(form: ReparacionForm): Promise<ReparacionDetail> {
  const { reparacion_id, ...body } = form;
  return form.editorMode === 'editar' && reparacion_id !== null
    ? call(reparacionesApi.update, { params: { reparacion_id }, body })
    : call(reparacionesApi.create, { body });
}

/** A repair changes its failure's status: the failures' lists refresh too. */
export function useSaveReparacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveReparacion,
    onSuccess: () => Promise.all([REPARACIONES_KEY, ['fallas']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

export function useDeleteReparacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(reparacionesApi.remove, { params: { id } }),
    onSuccess: () => Promise.all([REPARACIONES_KEY, ['fallas']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
