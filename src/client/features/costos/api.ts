// Costs API: the list (also the offline catalogue the daily-report form reads), save (crear → POST,
// editar → PUT) and delete. A refused save or delete answers the server's reason (403 in use, 400 invalid).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { costosApi, type costoLine, type CostoBody, type CostoRow, type Unidad } from '@shared/contract/costos';
import { call } from '@client/lib/api';
import { CATALOG } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';

export type { CostoRow, Unidad };

export const COSTOS_KEY = CATALOG.costos.key;

/** A line of the modal: the contract's line (a saved one keeps its id) and whether a daily report uses it. */
export type CostoLine = z.output<typeof costoLine> & { en_uso?: boolean };

export type CostoForm = Omit<CostoBody, 'costos_det' | 'trash'> & { costos_det: CostoLine[]; trash: number[] };

export function useCostos() {
  return useListQuery(COSTOS_KEY, (signal) => call(costosApi.list, { signal }));
}

export function useSaveCosto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: CostoForm) =>
      form.editorMode === 'editar' && form.id
        ? call(costosApi.update, { params: { id: form.id }, body: form })
        : call(costosApi.create, { body: form }),
    // The daily-report and valuation forms read prices from infoventa: refresh it with the list.
    onSuccess: () => Promise.all([COSTOS_KEY, ['valoriza', 'infoventa']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

export function useDeleteCosto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(costosApi.remove, { params: { id } }),
    onSuccess: (_d, id) => {
      qc.setQueryData<CostoRow[]>(COSTOS_KEY, (rows) => rows?.filter((r) => r.id !== id));
      return Promise.all([COSTOS_KEY, ['valoriza', 'infoventa']].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}
