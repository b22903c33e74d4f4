// Warehouse exits API: list by machine and dates, one exit (cached for offline edits), delete, the voucher check and
// the exit as the form and the outbox keep it (its offline declaration: offline.tsx).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@shared/contract/endpoint';
import { salidasApi, type SalidaBody, type SalidaDetail, type SalidaLineOut, type SalidaRow } from '@shared/contract/salidas';
import { call } from '@client/lib/api';
import { useDeltaListQuery } from '@client/components/list-query';
import { cachedData, newestFirst, type DeltaSpec } from '@client/offline';
import type { MaquinariaDateBody } from '@client/components/maquinaria-date';

export type { SalidaDetail, SalidaRow };

export const SALIDAS_KEY = ['salidas'] as const;

/**
 * One exit line as the form shows it and the outbox keeps it: the answer's line (code, name, unit, the stock seen
 * when it was chosen, the stored quantity), not saved yet when salida_det_id is null.
 */
export type SalidaLine = Omit<SalidaLineOut, 'salida_det_id' | 'salida_id'> & { salida_det_id?: number | null };

/**
 * The exit the form sends (POST/PUT) and the outbox keeps: the contract's body (salidaBody validates it, here and on
 * the server) with the lines as the form holds them, the removed saved lines in `trash`, the operator's name for the
 * list row and the exit's id.
 */
export type SalidaSave = Omit<SalidaBody, 'salidas_det' | 'trash' | 'operador_dni'> & {
  id: number | null;
  operador_dni: string;
  operador_name: string;
  salidas_det: SalidaLine[];
  trash: SalidaLine[];
};

/** Outbox meta: what the list row needs that the body does not carry. */
export interface SalidaOutboxMeta extends Record<string, unknown> {
  id: number | null;
  maquinaria: string;
  placa: string;
}

/** The list's order (the server's): newest date first, then newest saved. New rows of a delta are placed by it. */
const SALIDAS_DELTA: DeltaSpec<SalidaRow> = { keyOf: (r) => r.id, order: newestFirst('fecha', 'created_at', 'id') };

/** The exits of the filter: the device's copy at once, then what changed since it (docs/architecture.md, "List deltas"). */
export function useSalidas(body: MaquinariaDateBody) {
  return useDeltaListQuery<SalidaRow>(
    [...SALIDAS_KEY, 'list', body],
    (since, opts) => call(salidasApi.delta, { body: { ...body, since }, ...opts }),
    SALIDAS_DELTA,
  );
}

const detailKey = (id: number | null) => [...SALIDAS_KEY, 'detail', id];

/** A saved exit's detail as the device keeps it (useOfflineDetails): the newest are kept, to be edited offline. */
export const salidaDetailEntry = (r: SalidaRow) =>
  r.id > 0 ? ([detailKey(r.id), pathOf(salidasApi.get, { params: { id: r.id } })] as const) : null;

/** One exit; kept on the device so an exit opened once can be edited offline. */
export function useSalida(id: number | null) {
  const key = detailKey(id);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => cachedData(key, () => call(salidasApi.get, { params: { id: id ?? 0 }, signal })),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useDeleteSalida() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(salidasApi.remove, { params: { id } }),
    onSuccess: () => Promise.all([SALIDAS_KEY, ['insumos'], ['movimientos']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

/** 'CODE NAME x qty; …' like the server's hidden detail column. */
export function detailText(lines: readonly Pick<SalidaLine, 'insumo_codigo' | 'insumo_name' | 'cantidad'>[]): string {
  return lines.map((l) => `${l.insumo_codigo} ${l.insumo_name} x ${Number(l.cantidad)}`).join('; ');
}

/** The exits that already carry voucher `nro` (the form warns; a voucher may repeat). Empty offline. */
export function useValeUses(nro: string) {
  const q = nro.trim();
  return useQuery({
    queryKey: [...SALIDAS_KEY, 'vales', q.toUpperCase()],
    queryFn: ({ signal }) => call(salidasApi.vales, { query: { nro_vale: q }, signal }),
    enabled: q !== '',
    retry: false,
    staleTime: 60_000,
  });
}
