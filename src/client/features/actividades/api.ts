// Activities API: list query through the offline cache, save (crear → POST, editar → PUT), delete.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { actividadesApi, type ActividadBody, type ActividadRow } from '@shared/contract/actividades';
import { call } from '@client/lib/api';
import { CATALOG } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';

export type { ActividadRow };

export const ACTIVIDADES_KEY = CATALOG.actividades.key;

export function useActividades() {
  return useListQuery(ACTIVIDADES_KEY, (signal) => call(actividadesApi.list, { signal }));
}

/** POST or PUT of the contract's body (actividadBody). */
export function saveActividad(form: ActividadBody): Promise<ActividadRow> {
  return form.editorMode === 'crear'
    ? call(actividadesApi.create, { body: form })
    : call(actividadesApi.update, { params: { id: form.id ?? 0 }, body: form });
}

export function useSaveActividad() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveActividad,
    onSuccess: () => qc.invalidateQueries({ queryKey: ACTIVIDADES_KEY }),
  });
}

export function useDeleteActividad() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(actividadesApi.remove, { params: { id } }),
    onSuccess: (_data, id) => {
      qc.setQueryData<ActividadRow[]>(ACTIVIDADES_KEY, (rows) => rows?.filter((r) => r.id !== id));
      return qc.invalidateQueries({ queryKey: ACTIVIDADES_KEY });
    },
  });
}
