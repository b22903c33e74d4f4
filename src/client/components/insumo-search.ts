// The supply searches of the forms and filters (exits, requests, part assignment, the kardex): the typeahead asks
// the server first; with no network, the cached catalogue is filtered on the device (same matching as the server:
// code or name, case- and accent-insensitive, at most 20).
import { insumosApi, type InsumoRow, type InsumoSearchPedido, type InsumoSearchSalida } from '@shared/contract/insumos';
import { insumoSearchText, normalizeSearch } from '@shared/domain/stock';
import { call } from '@client/lib/api';
import { readCached, withCacheFallback } from '@client/offline';
import { CATALOG } from './catalogs';

const SEARCH_LIMIT = 20;

/** Supplies whose code or name contains the query; code prefixes first, then by code. */
export function filterInsumos(rows: readonly InsumoRow[], q: string, limit = SEARCH_LIMIT): InsumoRow[] {
  const norm = normalizeSearch(q);
  if (!norm) return [];
  return rows
    .map((r) => ({ r, text: insumoSearchText(r.insumo_codigo, r.insumo_name) }))
    .filter((x) => x.text.includes(norm))
    .sort(
      (a, b) =>
        Number(b.text.startsWith(norm)) - Number(a.text.startsWith(norm)) || a.r.insumo_codigo.localeCompare(b.r.insumo_codigo, 'es'),
    )
    .slice(0, limit)
    .map((x) => x.r);
}

const cachedInsumos = async () => (await readCached<InsumoRow[]>(CATALOG.insumos.key))?.data;

/** The item of each typeahead mode. */
interface SearchItems {
  salida: InsumoSearchSalida;
  pedido: InsumoSearchPedido;
}

/** The typeahead search in one mode: the server answers that mode's items only. */
const searchInsumos = <M extends keyof SearchItems>(q: string, mode: M, signal?: AbortSignal) =>
  call(insumosApi.search, { query: { q, mode }, signal }).then((r) => r.items as SearchItems[M][]);

export function searchInsumosSalida(q: string, signal?: AbortSignal): Promise<InsumoSearchSalida[]> {
  return withCacheFallback(
    () => searchInsumos(q, 'salida', signal),
    async () => {
      const rows = await cachedInsumos();
      return (
        rows &&
        filterInsumos(rows, q).map(({ id, insumo_codigo, insumo_name, unimed, stock }) => ({
          id,
          insumo_codigo,
          insumo_name,
          unimed,
          stock,
        }))
      );
    },
  );
}

export function searchInsumosPedido(q: string, signal?: AbortSignal): Promise<InsumoSearchPedido[]> {
  return withCacheFallback(
    () => searchInsumos(q, 'pedido', signal),
    async () => {
      const rows = await cachedInsumos();
      return (
        rows &&
        filterInsumos(rows, q).map((r) => ({
          bien_id: r.id,
          bien_nombre: r.insumo_name,
          codigo: r.insumo_codigo,
          unimed_id: r.unimed_id,
          unimed_abrev: r.unimed,
        }))
      );
    },
  );
}
