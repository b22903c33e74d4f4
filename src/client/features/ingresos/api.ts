// Warehouse entries API: list by dates, one entry (kept on the device to be viewed offline), order lookup, create,
// delete.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@shared/contract/endpoint';
import { ingresosApi, type IngresoBody, type IngresoRow, type OrdenInfo } from '@shared/contract/ingresos';
import { call } from '@client/lib/api';
import { useDeltaListQuery } from '@client/components/list-query';
import { cachedData, newestFirst, type DeltaSpec } from '@client/offline';

export type { IngresoRow, OrdenInfo };

export const INGRESOS_KEY = ['ingresos'] as const;

export type GuiaRemision = IngresoBody['guias_remision'][number];

/**
 * An entry line as the order lookup fills it and GET /api/ingresos/:id answers it (with its id), with the order line's
 * unit price to show: the server takes the price from the order, never from the body.
 */
export type IngresoLine = IngresoBody['ingresos_det'][number] & { id?: number; precio_unitario?: number };

const INGRESOS_DELTA: DeltaSpec<IngresoRow> = { keyOf: (r) => r.id, order: newestFirst('fecha', 'created_at', 'id') };

/** The entries of the range: the device's copy at once, then what changed since it (docs/architecture.md, "List deltas"). */
export function useIngresos(range: { fini: string; ffin: string }) {
  return useDeltaListQuery<IngresoRow>(
    [...INGRESOS_KEY, 'list', range],
    (since, opts) => call(ingresosApi.delta, { body: { ...range, since }, ...opts }),
    INGRESOS_DELTA,
  );
}

const detailKey = (id: number | null) => [...INGRESOS_KEY, 'detail', id];

/** An entry's detail as the device keeps it (useOfflineDetails): the newest are kept, to be viewed offline. */
export const ingresoDetailEntry = (r: IngresoRow) => [detailKey(r.id), pathOf(ingresosApi.get, { params: { id: r.id } })] as const;

export function useIngreso(id: number | null) {
  const key = detailKey(id);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => cachedData(key, () => call(ingresosApi.get, { params: { id: id ?? 0 }, signal })),
    enabled: id !== null,
    retry: false,
  });
}

export const fetchOrden = (nro_ordencompra: string, anio: number) => call(ingresosApi.orden, { body: { nro_ordencompra, anio } });

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
  return useMutation({ mutationFn: (body: IngresoBody) => call(ingresosApi.create, { body }), onSuccess: refresh });
}

export function useDeleteIngreso() {
  const refresh = useInvalidateWarehouse();
  return useMutation({ mutationFn: (id: number) => call(ingresosApi.remove, { params: { id } }), onSuccess: refresh });
}
