// The physical count's calls: the sheets (network first through the device cache), one sheet, its PDFs, and the
// writes (create, save counts, annul, approve), each refreshing the sheets; an approval also changes the stock and
// the kardex, so the supplies' catalogue is refreshed with it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@shared/contract/endpoint';
import {
  inventariosApi,
  type ConteoBody,
  type InventarioBody,
  type InventarioDetail,
  type InventarioLinea,
  type InventarioListBody,
  type InventarioRow,
} from '@shared/contract/inventarios';
import { LABELS } from '@shared/messages';
import { call } from '@client/lib/api';
import { openApiPdf } from '@client/lib/export';
import { CATALOG } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';

export type { InventarioDetail, InventarioLinea, InventarioRow };

const KEY = ['inventarios'] as const;

export function useInventarios(body: InventarioListBody) {
  return useListQuery([...KEY, 'list', body], (signal) => call(inventariosApi.list, { body, signal }));
}

export function useInventario(id: number) {
  return useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: ({ signal }) => call(inventariosApi.detail, { params: { id }, signal }),
    enabled: id > 0,
    staleTime: 0,
  });
}

/** Opens the blank count sheet, or the filled one with its differences (`lleno`). */
export function openInventarioPdf(id: number, lleno: boolean): Promise<void> {
  return openApiPdf(pathOf(inventariosApi.pdf, { params: { id }, query: { lleno } }), `${LABELS.inventarios.fileName}-${id}`);
}

function useRefresh() {
  const qc = useQueryClient();
  return (detail?: InventarioDetail) => {
    if (detail) qc.setQueryData([...KEY, 'detail', detail.id], detail);
    return qc.invalidateQueries({ queryKey: [...KEY, 'list'] });
  };
}

export function useCreateInventario() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: InventarioBody) => call(inventariosApi.create, { body }), onSuccess: refresh });
}

export function useSaveConteo(id: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: ConteoBody) => call(inventariosApi.conteo, { params: { id }, body }), onSuccess: refresh });
}

export function useAnularInventario(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(inventariosApi.anular, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useAprobarInventario(id: number) {
  const refresh = useRefresh();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(inventariosApi.aprobar, { params: { id } }),
    onSuccess: async (d) => {
      await refresh(d);
      await qc.invalidateQueries({ queryKey: CATALOG.insumos.key });
    },
  });
}
