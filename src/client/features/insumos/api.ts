// Supplies and materials stock (spec 000 §2 'Insumos y materiales'): GET /api/insumos through the offline cache,
// under the catalogue key so the exit form's offline stock and this list share one device copy.
import type { InsumoRow } from '@shared/contract/insumos';
import { useListQuery } from '@client/lib/query';
import { INSUMOS_KEY } from '@client/features/catalogos/api';

export type { InsumoRow };

export function useInsumos() {
  return useListQuery<InsumoRow[]>(INSUMOS_KEY, '/api/insumos');
}
