// A machine's record (hoja de vida): the query of GET /api/hojadevida/:id for a range and kinds of entries (kept on the
// device like a list, so a record seen online opens offline), and its PDF.
import { hojadevidaApi, type EventoTipo, type HojaDeVidaAnswer } from '@shared/contract/hojadevida';
import { LABELS } from '@shared/messages';
import { useListQuery } from '@client/components/list-query';
import { pathOf } from '@shared/contract/endpoint';
import { call } from '@client/lib/api';
import { openApiPdf } from '@client/lib/export';

export interface HojaFilter {
  fini: string;
  ffin: string;
  /** Kinds of timeline entries; empty: all. */
  tipos: readonly EventoTipo[];
}

const queryOf = (f: HojaFilter) => ({ fini: f.fini, ffin: f.ffin, ...(f.tipos.length ? { tipos: f.tipos.join(',') } : {}) });

export function useHojaDeVida(id: number, f: HojaFilter) {
  return useListQuery<HojaDeVidaAnswer>(['hojadevida', id, f.fini, f.ffin, [...f.tipos].sort().join(',')], (signal) =>
    call(hojadevidaApi.get, { params: { id }, query: queryOf(f), signal }),
  );
}

export function openHojaDeVidaPdf(id: number, placa: string, f: HojaFilter): Promise<void> {
  return openApiPdf(pathOf(hojadevidaApi.pdf, { params: { id }, query: queryOf(f) }), LABELS.hojadevida.fileName(placa));
}
