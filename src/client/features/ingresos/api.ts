// Warehouse entries API (spec 000 §7): list by dates, one entry, order lookup, create, delivery-note change, delete.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IngresoRow, OrdenInfo } from '@shared/contract/ingresos';
import { api, apiFetch } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';

export type { IngresoRow, OrdenInfo };

export const INGRESOS_KEY = ['ingresos'] as const;

export interface GuiaRemision {
  nro_guiaremision: string;
  fecha_guiaremision: string | null;
}

export interface IngresoLine {
  id?: number;
  insumo: { insumo_codigo: string; insumo_name: string };
  cantidad: number;
  unimed: string;
  marca: string | null;
  user_idx?: number | null;
}

/** GET /api/ingresos/:id */
export interface IngresoDetail {
  id: number;
  nro_ordencompra: string;
  anio: number;
  fecha: string;
  orden_id: number | null;
  proveedor: string | null;
  fecha_ordencompra: string | null;
  nro_guiaremision: string | null;
  fecha_guiaremision: string | null;
  guias_remision: GuiaRemision[];
  ingresos_det: IngresoLine[];
  created_at: string;
}

/** POST /api/ingresos (editorMode crear). */
export interface IngresoForm {
  nro_ordencompra: string;
  anio: number;
  orden_id: number | null;
  fecha: string;
  proveedor: string | null;
  fecha_ordencompra: string | null;
  nro_guiaremision: string | null;
  fecha_guiaremision: string | null;
  guias_remision: GuiaRemision[];
  ingresos_det: IngresoLine[];
  editorMode: 'crear';
}

export function useIngresos(range: { fini: string; ffin: string }) {
  return useListQuery<IngresoRow[]>([...INGRESOS_KEY, 'list', range], (signal) =>
    apiFetch<IngresoRow[]>('/api/ingresos/list', { method: 'POST', body: range, signal }),
  );
}

export function useIngreso(id: number | null) {
  return useQuery({
    queryKey: [...INGRESOS_KEY, 'detail', id],
    queryFn: ({ signal }) => api.get<IngresoDetail>(`/api/ingresos/${id}`, signal),
    enabled: id !== null,
    retry: false,
  });
}

export const fetchOrden = (nro_ordencompra: string, anio: number) =>
  api.post<OrdenInfo>('/api/ingresos/getinforden', { nro_ordencompra, anio });

/** Entries change stock and the kardex: refresh those too. */
function useInvalidateWarehouse() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: INGRESOS_KEY }),
      qc.invalidateQueries({ queryKey: ['insumos'] }),
      qc.invalidateQueries({ queryKey: ['movimientos'] }),
    ]);
}

export function useCreateIngreso() {
  const refresh = useInvalidateWarehouse();
  return useMutation({ mutationFn: (form: IngresoForm) => api.post<IngresoDetail>('/api/ingresos', form), onSuccess: refresh });
}

/** View mode: only the selected delivery note changes (PUT with code 50). */
export function useUpdateIngresoGuia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guia }: { id: number; guia: GuiaRemision | null }) =>
      api.put<IngresoDetail>(`/api/ingresos/${id}`, {
        nro_guiaremision: guia?.nro_guiaremision ?? null,
        fecha_guiaremision: guia?.fecha_guiaremision ?? null,
      }),
    onSuccess: (data) => {
      qc.setQueryData([...INGRESOS_KEY, 'detail', data.id], data);
      return qc.invalidateQueries({ queryKey: [...INGRESOS_KEY, 'list'] });
    },
  });
}

export function useDeleteIngreso() {
  const refresh = useInvalidateWarehouse();
  return useMutation({ mutationFn: (id: number) => api.del(`/api/ingresos/${id}`), onSuccess: refresh });
}
