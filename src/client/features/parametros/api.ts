// Parameters API: GET /api/parametros (rate, shift, km per day, fuel supplies) and PUT to save them (code 84).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parametrosApi, type ParametrosBody, type ParametrosDetail } from '@shared/contract/parametros';
import { call } from '@client/lib/api';
import { CATALOG } from '@client/components/catalogs';

const PARAMETROS_KEY = ['parametros'] as const;

export function useParametros() {
  return useQuery({ queryKey: PARAMETROS_KEY, queryFn: ({ signal }) => call(parametrosApi.get, { signal }), retry: false });
}

export function useSaveParametros() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ParametrosBody) => call(parametrosApi.update, { body }),
    onSuccess: (saved: ParametrosDetail) => {
      qc.setQueryData(PARAMETROS_KEY, saved);
      // The daily-report form reads the km/day limit from the valuation catalogue.
      return qc.invalidateQueries({ queryKey: CATALOG.infoventa.key });
    },
  });
}
