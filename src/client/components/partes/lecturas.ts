// Meter readings on the device (docs/architecture.md, "Meter readings"): the readings a report form checks its own
// against before saving, with the rule the server applies (shared/domain/lecturas.ts checkLectura): the machine's
// reports the device has (its own copy of the machine's reports, kept for offline use, and any report list it
// loaded) plus the device's reports still in the outbox, which the server does not have yet. The server decides on
// replay; a refusal there comes back on the outbox item to be corrected and resent.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { partesdiariosApi, type ParteRow } from '@shared/contract/partesdiarios';
import { limaDate } from '@shared/domain/dates';
import type { Lectura } from '@shared/domain/lecturas';
import { RANGE_MONTHS, rangeFirstDay } from '@shared/contract/ranges';
import { call } from '@client/lib/api';
import { cachedData, pendingOf, useOutbox, type OutboxItem } from '@client/offline';
import { PARTES_KEY, type ParteItem, type ParteOutboxMeta } from './parte-item';

/** A stored report's readings, or null when it has none. */
export function lecturaOfRow(
  r: Pick<ParteRow, 'parte_id' | 'nro_parte_interno' | 'fecha' | 'horometro_inicial' | 'horometro_final'>,
): Lectura | null {
  if (r.horometro_inicial == null || r.horometro_final == null) return null;
  return {
    parte_id: r.parte_id,
    nro_parte_interno: r.nro_parte_interno,
    fecha: r.fecha,
    horometro_inicial: r.horometro_inicial,
    horometro_final: r.horometro_final,
  };
}

/**
 * The machine's reports in the outbox with readings: not refused (a refused one changes nothing until corrected) and
 * not accepted yet (then it is in the server's answer). An edit carries its stored report's id.
 */
export function pendingLecturas(items: readonly OutboxItem[], maquinariaId: number): Lectura[] {
  const out: Lectura[] = [];
  for (const { item, body } of pendingOf<ParteItem, ParteOutboxMeta, typeof partesdiariosApi.create>(items, partesdiariosApi.create)) {
    if (item.status === 'rejected' || item.ackedAt !== null || body.maquinaria_id !== maquinariaId) continue;
    const ini = body.horometro_inicial;
    const fin = body.horometro_final;
    if (ini == null || fin == null || !body.fecha) continue;
    out.push({
      parte_id: body.parte_id ?? null,
      nro_parte_interno: body.nro_parte_interno,
      fecha: body.fecha,
      horometro_inicial: Number(ini),
      horometro_final: Number(fin),
    });
  }
  return out;
}

/**
 * The readings a report of `maquinariaId` is checked against: the stored reports of the machine (each once, by id)
 * with a pending edit in place of the report it changes, and the pending new reports.
 */
export function machineLecturas(rows: readonly ParteRow[], pending: readonly Lectura[], maquinariaId: number): Lectura[] {
  const byId = new Map<number, Lectura>();
  for (const r of rows) {
    if (r.maquinaria_id !== maquinariaId || r.parte_id <= 0) continue;
    const l = lecturaOfRow(r);
    if (l) byId.set(r.parte_id, l);
  }
  const fresh: Lectura[] = [];
  for (const p of pending) {
    if (p.parte_id !== null) byId.set(p.parte_id, p);
    else fresh.push(p);
  }
  return [...byId.values(), ...fresh];
}

/**
 * The query of one machine's reports of the last year: network first, the device copy offline, none when neither
 * answers (the form then checks against what else the device has; the server decides). Not a list screen's query:
 * a failure here never applies the list-load policy (it would end the session of a form opened without signal).
 */
export function lecturasQuery(maquinariaId: number, today = limaDate()) {
  // The widest range the list answers (a year; an older late report: the server decides).
  const body = { maquinaria_id: maquinariaId, fini: rangeFirstDay(today, RANGE_MONTHS.partesdiarios), ffin: today };
  const key = [...PARTES_KEY, 'lecturas', maquinariaId];
  return queryOptions({
    queryKey: key,
    queryFn: async ({ signal }): Promise<ParteRow[]> => {
      try {
        return await cachedData<ParteRow[]>(key, () => call(partesdiariosApi.list, { body, signal }));
      } catch {
        return [];
      }
    },
    retry: false,
    refetchOnReconnect: 'always',
  });
}

/** The readings the form checks a report of `maquinariaId` against; empty until a machine is chosen. */
export function useMachineLecturas(maquinariaId: number | undefined): Lectura[] {
  const id = maquinariaId ?? 0;
  const own = useQuery({ ...lecturasQuery(id), enabled: id > 0 });
  const qc = useQueryClient();
  const outbox = useOutbox();
  return useMemo(() => {
    if (!id) return [];
    // Every report list the device loaded (the reports screen's filters) adds what the machine's own copy lacks.
    const rows: ParteRow[] = [];
    for (const [, data] of qc.getQueriesData<unknown>({ queryKey: PARTES_KEY }))
      if (Array.isArray(data)) rows.push(...(data as ParteRow[]).filter((r) => r && typeof r === 'object' && 'horometro_inicial' in r));
    if (own.data) rows.push(...own.data);
    return machineLecturas(rows, pendingLecturas(outbox, id), id);
  }, [id, own.data, qc, outbox]);
}
