// The catalogues forms read, each declared once: its key (on the device and in TanStack Query) and the GET endpoint
// it comes from. Offline declarations and screens name the catalogues they need; the engine refreshes those after
// login, the screens load them first, and the forms read them through `catalogQuery` or `useCatalog`
// (docs/architecture.md, "Reads").
import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { actividadesApi } from '@shared/contract/actividades';
import { cierresApi } from '@shared/contract/cierres';
import { costosApi } from '@shared/contract/costos';
import type { AnswerOf, EndpointDef } from '@shared/contract/endpoint';
import { insumosApi } from '@shared/contract/insumos';
import { maquinariasApi } from '@shared/contract/maquinarias';
import { operadoresApi } from '@shared/contract/operadores';
import { pedidosApi } from '@shared/contract/pedidos';
import { valorizaApi } from '@shared/contract/valoriza';
import { call, type CallInput } from '@client/lib/api';
import { cachedData, type Catalog } from '@client/offline';

/** A catalogue from a GET endpoint that takes no parameters. */
function catalog<E extends EndpointDef & { method: 'GET' }>(key: QueryKey, endpoint: E): Catalog<AnswerOf<E>> {
  return { key, fetch: (signal) => call(endpoint, { signal } as CallInput<E>), access: endpoint.access };
}

export const CATALOG = {
  maquinarias: catalog(['maquinarias'], maquinariasApi.list),
  operadores: catalog(['operadores'], operadoresApi.list),
  insumos: catalog(['insumos'], insumosApi.list),
  unimeds: catalog(['pedidos', 'unimeds'], pedidosApi.unimeds),
  actividades: catalog(['actividades'], actividadesApi.list),
  costos: catalog(['costos'], costosApi.list),
  /** The daily-report form's: machines, active activities, active cost lines with price and unit. */
  infoventa: catalog(['valoriza', 'infoventa'], valorizaApi.infoventa),
  cuentas: catalog(['valoriza', 'cuentas'], valorizaApi.cuentas),
  /** The warehouse's months with their close: the exit form warns before saving in a closed month. */
  cierres: catalog(['cierres'], cierresApi.list),
} as const;

export type CatalogName = keyof typeof CATALOG;

/**
 * A catalogue a form needs: network first, the device copy when there is no network. Unlike a list screen's load, a
 * failing catalogue does not end the session (the form still opens; its selects are just empty).
 */
export function catalogQuery<T>(c: Catalog<T>) {
  return queryOptions({
    queryKey: c.key,
    queryFn: ({ signal }) => cachedData<T>(c.key, () => c.fetch(signal)),
    staleTime: 60_000,
    retry: false,
  });
}

/** A catalogue in a component: `useCatalog(CATALOG.maquinarias).data`. */
export function useCatalog<T>(c: Catalog<T>) {
  return useQuery(catalogQuery(c));
}

/** Loads catalogues into TanStack Query (and the device); a failing one is skipped. */
export function loadCatalogs(qc: QueryClient, names: readonly CatalogName[]): Promise<unknown> {
  return Promise.all(names.map((n) => qc.ensureQueryData(catalogQuery(CATALOG[n] as Catalog)).catch(() => undefined)));
}
