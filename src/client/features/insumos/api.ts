// Supplies: the stock list of 'Insumos y materiales', under the key of the catalogue the warehouse forms read (one
// device copy); the forms' supply searches are the kit's (components/insumo-search.ts).
import { insumosApi, type InsumoRow } from '@shared/contract/insumos';
import { call } from '@client/lib/api';
import { CATALOG } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';

export type { InsumoRow };

export function useInsumos() {
  return useListQuery(CATALOG.insumos.key, (signal) => call(insumosApi.list, { signal }));
}
