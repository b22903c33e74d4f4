// Monthly close API: the months (also the catalogue the exit form warns from), close, reopen, and a closed month's
// valued stock for its PDF and Excel.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cierresApi, type CierreDetail, type CierreRow } from '@shared/contract/cierres';
import { call } from '@client/lib/api';
import { CATALOG } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';

export type { CierreDetail, CierreRow };

const CIERRES_KEY = CATALOG.cierres.key;

export function useCierres() {
  return useListQuery(CIERRES_KEY, (signal) => call(cierresApi.list, { signal }));
}

export function useCerrarMes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (periodo: string) => call(cierresApi.close, { body: { periodo } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: CIERRES_KEY }),
  });
}

export function useReabrirMes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { periodo: string; motivo: string }) =>
      call(cierresApi.reopen, { params: { periodo: v.periodo }, body: { motivo: v.motivo } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: CIERRES_KEY }),
  });
}

export const fetchInventario = (periodo: string) => call(cierresApi.detail, { params: { periodo } });
