// The machinery screens' calls: the list (under the key of the machines catalogue other screens read through the
// kit, components/catalogs.ts), save, vehicle-registry search, part assignment and removal, the wear of one
// machine's parts (offline from the cached list), part changes and the server-built PDFs.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf } from '@shared/contract/endpoint';
import { insumosApi, type SearchHorasAnswer } from '@shared/contract/insumos';
import {
  maquinariasApi,
  pdfIds,
  type AsignarBody,
  type CambiarInsumoBody,
  type MaquinariaBody,
  type MaquinariaInsumo,
  type MaquinariaRow,
  type MaqInsumoHorasBody,
  type VehiculoSuggestion,
} from '@shared/contract/maquinarias';
import { call } from '@client/lib/api';
import { openApiPdf } from '@client/lib/export';
import { CATALOG } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';
import { cachedData, readCached, withCacheFallback } from '@client/offline';

export type { MaquinariaRow, MaquinariaInsumo };

export const MAQUINARIAS_KEY = CATALOG.maquinarias.key;

// ---- The machinery list screen ----

/** LISTADO DE MAQUINARIAS: the same call and device copy as the catalogue, with the list-load policy. */
export function useMaquinariasList() {
  return useListQuery(MAQUINARIAS_KEY, (signal) => call(maquinariasApi.list, { signal }));
}

export function saveMaquinaria(body: MaquinariaBody & { id?: number | null }): Promise<MaquinariaRow> {
  return body.id ? call(maquinariasApi.update, { params: { id: body.id }, body }) : call(maquinariasApi.create, { body });
}

/** After any change to a machine or its parts: the list (and the catalogue sharing its key) and that machine's parts. */
function useRefreshMaquinarias() {
  const qc = useQueryClient();
  return (maquinariaId?: number) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: MAQUINARIAS_KEY }),
      maquinariaId ? qc.invalidateQueries({ queryKey: maquinariaInsumosKey(maquinariaId) }) : undefined,
    ]);
}

export function useSaveMaquinaria() {
  const refresh = useRefreshMaquinarias();
  return useMutation({ mutationFn: saveMaquinaria, onSuccess: (row) => refresh(row?.id) });
}

/** Removes a machine (the server refuses one with records: 403 with the reason, shown by the delete flow). */
export function useDeleteMaquinaria() {
  const refresh = useRefreshMaquinarias();
  return useMutation({ mutationFn: (id: number) => call(maquinariasApi.remove, { params: { id } }), onSuccess: () => refresh() });
}

/** Vehicles of the external registry whose plate contains the text (create mode's plate typeahead). */
export function searchVehiculos(term: string, signal?: AbortSignal): Promise<VehiculoSuggestion[]> {
  return call(maquinariasApi.searchVehiculo, { params: { term }, signal }).then((r) => r.items);
}

/** Plates are compared the way the server refuses duplicates: any case, spaces ignored. */
export const samePlate = (a: string, b: string) => a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();

// ---- Parts of one machine ----

export const maquinariaInsumosKey = (maquinariaId: number) => ['maquinarias', maquinariaId, 'insumos'] as const;

/**
 * The parts of a machine with their counters: the server first (kept on the device); without network, this
 * machine's own copy, or else its parts inside the cached machinery list (a supervisor checks wear on site).
 */
export function maquinariaInsumosQuery(maquinariaId: number) {
  const key = maquinariaInsumosKey(maquinariaId);
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) =>
      withCacheFallback(
        () => cachedData(key, () => call(maquinariasApi.parts, { params: { id: maquinariaId }, signal })),
        async () => (await readCached<MaquinariaRow[]>(MAQUINARIAS_KEY))?.data.find((m) => m.id === maquinariaId)?.insumos,
      ),
    retry: false,
  });
}

export const useMaquinariaInsumos = (maquinariaId: number | null) =>
  useQuery({ ...maquinariaInsumosQuery(maquinariaId ?? 0), enabled: maquinariaId !== null });

/** Default hours of a supply for a new assignment (GET /api/insumos/search_horas/{id}). */
export function searchHoras(insumoId: number, signal?: AbortSignal): Promise<SearchHorasAnswer['data']> {
  return call(insumosApi.searchHoras, { params: { term: String(insumoId) }, signal }).then((r) => r.data);
}

export function useAsignarInsumos() {
  const refresh = useRefreshMaquinarias();
  return useMutation({
    mutationFn: (body: AsignarBody) => call(maquinariasApi.asignar, { body }),
    onSuccess: (_data, body) => refresh(body.id),
  });
}

export function useUpdateMaqInsumo(maquinariaId: number) {
  const refresh = useRefreshMaquinarias();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MaqInsumoHorasBody }) => call(maquinariasApi.updateMaqInsumo, { params: { id }, body }),
    onSuccess: () => refresh(maquinariaId),
  });
}

export function useDeleteMaqInsumo(maquinariaId: number) {
  const refresh = useRefreshMaquinarias();
  return useMutation({
    mutationFn: (insumoMaqId: number) => call(maquinariasApi.deleteMaqInsumo, { body: { id: insumoMaqId } }),
    onSuccess: () => refresh(maquinariaId),
  });
}

export function useCambiarInsumos() {
  const refresh = useRefreshMaquinarias();
  return useMutation({
    mutationFn: (body: CambiarInsumoBody) => call(maquinariasApi.cambiarInsumo, { body }),
    onSuccess: (_data, body) => refresh(body.maquinaria_id),
  });
}

// ---- PDFs built by the server ----

/** Wear bars of one machine, several (the selection) or all of them (none = 0), in a new tab. */
export function openWearPdf(ids: readonly number[]): Promise<void> {
  return openApiPdf(
    pathOf(maquinariasApi.pdfGraficos, { query: { id: pdfIds(ids) } }),
    ids.length === 1 ? `desgaste-${ids[0]}` : 'desgaste-maquinarias',
  );
}

/** Part-change history of the machines (none = 0 = all) between two dates, in a new tab. */
export function openMaintenancePdf(ids: readonly number[], fini: string, ffin: string): Promise<void> {
  return openApiPdf(pathOf(maquinariasApi.pdfMantenimiento, { query: { id: pdfIds(ids), fini, ffin } }), `mantenimiento-${fini}-${ffin}`);
}
