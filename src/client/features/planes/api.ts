// The preventive plans' calls: the fleet's due list (network first through the device cache), the plans of a machine
// and one plan, the machine's wear assignments a task may change, and the writes (save, delete, copy, mark done), each
// refreshing the due list, the plans and the machinery list (marking a task done restarts its parts' counters).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { maquinariasApi } from '@shared/contract/maquinarias';
import {
  planesApi,
  type CopiarBody,
  type HechaBody,
  type PlanBody,
  type PlanDetail,
  type VencimientoRow,
  type VencimientosBody,
} from '@shared/contract/planes';
import { call } from '@client/lib/api';
import { CATALOG } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';

export type { PlanDetail, VencimientoRow };

const PLANES_KEY = ['planes'] as const;

/** The due list with its filters (machine 0 = all, state, forecast range). */
export function useVencimientos(f: VencimientosBody) {
  return useListQuery([...PLANES_KEY, 'vencimientos', f], (signal) => call(planesApi.vencimientos, { body: f, signal }));
}

/** The plans of one machine (none while no machine is chosen). */
export function usePlanesOf(maquinariaId: number) {
  return useQuery({
    queryKey: [...PLANES_KEY, 'maquinaria', maquinariaId],
    queryFn: ({ signal }) => call(planesApi.list, { query: { maquinaria_id: maquinariaId }, signal }),
    enabled: maquinariaId > 0,
  });
}

export function usePlanDetail(id: number | null) {
  return useQuery({
    queryKey: [...PLANES_KEY, 'detail', id],
    queryFn: ({ signal }) => call(planesApi.detail, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The machine's wear assignments (the parts a task may change). */
export function useMaquinariaParts(maquinariaId: number) {
  return useQuery({
    queryKey: ['maquinarias', maquinariaId, 'insumos'],
    queryFn: ({ signal }) => call(maquinariasApi.parts, { params: { id: maquinariaId }, signal }),
  });
}

function useRefresh() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: PLANES_KEY }), qc.invalidateQueries({ queryKey: CATALOG.maquinarias.key })]);
}

export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PlanBody }) =>
      id ? call(planesApi.update, { params: { id }, body }) : call(planesApi.create, { body }),
    onSuccess: refresh,
  });
}

export function useDeletePlan() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => call(planesApi.remove, { params: { id } }), onSuccess: refresh });
}

export function useCopiarPlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CopiarBody }) => call(planesApi.copiar, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useMarcarHecha() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ tareaId, body }: { tareaId: number; body: HechaBody }) => call(planesApi.hecha, { params: { id: tareaId }, body }),
    onSuccess: refresh,
  });
}

/** Tasks done and missed in a range (the maintenance report's second part). */
export function fetchCumplimiento(body: { maquinarias: number[]; fini: string; ffin: string }) {
  return call(planesApi.cumplimiento, { body });
}
