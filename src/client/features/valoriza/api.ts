// Valuations API: the list by dates, one valuation (edit), save (crear → POST, editar → PUT),
// delete, the accounts catalogue and the PDF (the client's identity lookup is the kit's useDocumentLookup).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@shared/contract/endpoint';
import { valorizaApi, type CuentaRow, type ValorizaBody, type ValorizaDetail, type ValorizaRow } from '@shared/contract/valoriza';
import { LABELS } from '@shared/messages';
import { call } from '@client/lib/api';
import { openApiPdf } from '@client/lib/export';
import { CATALOG, catalogQuery } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';
import type { DateRange } from '@client/components/date-range-filter';
import { PARTES_KEY, type ParteItem } from '@client/components/partes/parte-item';

export type { ValorizaRow, ValorizaDetail, CuentaRow };

export const VALORIZA_KEY = ['valoriza'] as const;

export const cuentasQuery = () => catalogQuery(CATALOG.cuentas);
export const useCuentas = () => useQuery(cuentasQuery());

export function useValorizas(range: DateRange) {
  const body = { fini: range.start, ffin: range.end };
  return useListQuery([...VALORIZA_KEY, 'list', body], (signal) => call(valorizaApi.list, { body, signal }));
}

export function useValoriza(id: number | null) {
  return useQuery({
    queryKey: [...VALORIZA_KEY, 'detail', id],
    queryFn: ({ signal }) => call(valorizaApi.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}

/** An item of the body's `partesdiarios`: a whole report (new or edited), or just `{ parte_id }` to attach one. */
export type ValorizaParte = ParteItem | { parte_id: number };

/**
 * The valuation object sent with POST/PUT: the contract's body, with its reports as the form holds
 * them and the id an edit goes to. Totals are the server's, so none are sent.
 */
export type ValorizaForm = Omit<ValorizaBody, 'partesdiarios'> & { valoriza_id: number | null; partesdiarios: ValorizaParte[] };

const invalidateAll = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([VALORIZA_KEY, PARTES_KEY, ['maquinarias']].map((queryKey) => qc.invalidateQueries({ queryKey })));

export function useSaveValoriza() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: ValorizaForm) =>
      form.editorMode === 'editar' && form.valoriza_id
        ? call(valorizaApi.update, { params: { valoriza_id: form.valoriza_id }, body: form })
        : call(valorizaApi.create, { body: form }),
    onSuccess: () => invalidateAll(qc),
  });
}

export function useDeleteValoriza() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(valorizaApi.remove, { params: { id } }),
    onSuccess: () => invalidateAll(qc),
  });
}

/** Opens the valuation's PDF (landscape A4, built by the server) in a new tab. */
export function openValorizaPdf(id: number): Promise<void> {
  return openApiPdf(pathOf(valorizaApi.pdf, { query: { id } }), LABELS.valoriza.fileName(id));
}
