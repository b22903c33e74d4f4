// Supply requests API: list by machine and dates, one request (kept on the device to be viewed offline), save
// (crear → POST, editar → PUT with lines and trash), delete.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@shared/contract/endpoint';
import { pedidosApi, type PedidoBody, type PedidoDetail, type PedidoLineOut, type PedidoRow } from '@shared/contract/pedidos';
import { LABELS } from '@shared/messages';
import { call } from '@client/lib/api';
import { CATALOG, catalogQuery } from '@client/components/catalogs';
import { useDeltaListQuery } from '@client/components/list-query';
import { cachedData, newestFirst, type DeltaSpec } from '@client/offline';
import type { MaquinariaDateBody } from '@client/components/maquinaria-date';

export type { PedidoDetail, PedidoRow };

export const PEDIDOS_KEY = ['pedidos'] as const;

/** Units of measure (GET /api/pedidos/unimeds), a catalogue kept on the device. */
export const unimedsQuery = () => catalogQuery(CATALOG.unimeds);
export const useUnimeds = () => useQuery(unimedsQuery());

/** A request line as the form holds it: the answer's line, not saved yet when pedido_det_id is null. */
export type PedidoLine = Omit<PedidoLineOut, 'pedido_det_id' | 'pedido_id'> & { pedido_det_id?: number | null };

/** The request the form sends: the contract's body (pedidoBody validates it) with the lines as the form holds them. */
export type PedidoSave = Omit<PedidoBody, 'pedidos_det' | 'trash'> & {
  pedido_id: number | null;
  pedidos_det: PedidoLine[];
  trash: PedidoLine[];
};

const PEDIDOS_DELTA: DeltaSpec<PedidoRow> = { keyOf: (r) => r.pedido_id, order: newestFirst('fecha', 'pedido_id') };

/** The requests of the filter: the device's copy at once, then what changed since it (docs/architecture.md, "List deltas"). */
export function usePedidos(body: MaquinariaDateBody) {
  return useDeltaListQuery<PedidoRow>(
    [...PEDIDOS_KEY, 'list', body],
    (since, opts) => call(pedidosApi.delta, { body: { ...body, since }, ...opts }),
    PEDIDOS_DELTA,
  );
}

const detailKey = (id: number | null) => [...PEDIDOS_KEY, 'detail', id];

/** A request's detail as the device keeps it (useOfflineDetails): the newest are kept, to be viewed offline. */
export const pedidoDetailEntry = (r: PedidoRow) =>
  [detailKey(r.pedido_id), pathOf(pedidosApi.get, { params: { pedido_id: r.pedido_id } })] as const;

export function usePedido(id: number | null) {
  const key = detailKey(id);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => cachedData(key, () => call(pedidosApi.get, { params: { pedido_id: id ?? 0 }, signal })),
    enabled: id !== null,
    retry: false,
    staleTime: 0,
  });
}

export function useSavePedido() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: PedidoSave) =>
      form.editorMode === 'crear'
        ? call(pedidosApi.create, { body: form })
        : call(pedidosApi.update, { params: { pedido_id: form.pedido_id }, body: form }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...PEDIDOS_KEY, 'list'] }),
  });
}

export function useDeletePedido() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(pedidosApi.remove, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...PEDIDOS_KEY, 'list'] }),
  });
}

export const pedidoStateLabel = (estado: number) => LABELS.requestState[estado === 1 ? 1 : 0];
