// The fleet indicators: the query of GET /api/indicadores for a range of months and a machine (kept on the device like a
// list, so figures seen online open offline), and the monthly management report's PDF.
import { indicadoresApi, type IndicadoresAnswer } from '@shared/contract/indicadores';
import { pathOf } from '@shared/contract/endpoint';
import { LABELS } from '@shared/messages';
import { useListQuery } from '@client/components/list-query';
import { call } from '@client/lib/api';
import { openApiPdf } from '@client/lib/export';

export interface IndicadoresFilter {
  desde: string;
  hasta: string;
  /** 0: the whole fleet. */
  maquinaria_id: number;
}

const queryOf = (f: IndicadoresFilter) => ({
  desde: f.desde,
  hasta: f.hasta,
  ...(f.maquinaria_id ? { maquinaria_id: f.maquinaria_id } : {}),
});

export function useIndicadores(f: IndicadoresFilter, enabled: boolean) {
  return useListQuery<IndicadoresAnswer>(
    ['indicadores', f.desde, f.hasta, f.maquinaria_id],
    (signal) => call(indicadoresApi.get, { query: queryOf(f), signal }),
    { enabled },
  );
}

export function openIndicadoresPdf(f: IndicadoresFilter): Promise<void> {
  return openApiPdf(pathOf(indicadoresApi.pdf, { query: queryOf(f) }), LABELS.indicadores.fileName(f.desde, f.hasta));
}
