// Cost per machine API: POST /api/costosmaquina/list {desde, hasta ('YYYY-MM'), maquinaria_id (0 = todas)} → one row
// per machine with its costs, the meter it worked, the cost per hour and the rental income.
import { costosmaquinaApi, type CostoMaquinaListBody, type CostoMaquinaRow } from '@shared/contract/costosmaquina';
import { call } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';

export type { CostoMaquinaRow };

export function useCostosMaquina(filter: CostoMaquinaListBody, enabled: boolean) {
  return useListQuery<CostoMaquinaRow[]>(
    ['costosmaquina', 'list', filter],
    (signal) => call(costosmaquinaApi.list, { body: filter, signal }),
    {
      enabled,
    },
  );
}
