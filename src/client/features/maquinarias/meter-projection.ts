// Local projection of the device's pending daily reports on the machines (docs/architecture.md, "Machinery and wear"), like the
// stock of pending exits: while a report saved offline waits in the outbox, the machinery list and the wear view
// show the machine's meter, each part's counter, band, forecast and the alert badges as they will be once it arrives.
// The rules are the server's (src/server/lib/wear.ts through src/shared/domain/wear.ts): a report with readings counts
// what it worked (final − initial) whatever its billing unit; one without, its line when the unit is the machine's
// meter unit (HORA for an hour meter, KM for an odometer); for a part when it is dated on or after the assignment day
// (never changed) or strictly after the last change (a report of the change day spanning the change's reading is
// split on the server; the device counts it for the part taken out until the server's answer arrives).
//
// Which outbox items count: reports ('partesdiarios', POST or PUT) that are not rejected (a refused report changes
// nothing on the server until it is corrected) and not accepted yet (`ackedAt`). An item that may already be on the
// server in the data shown does not count either: one being sent, or one attempted before, whose last attempt
// started before that data was fetched (`savedAt`), so the list refreshed after a send never counts a report twice.
// An offline edit (PUT) takes back the stored line it replaces (`meta.antes`, kept by the report form); an edit
// without it is not projected, since its difference is unknown.
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { limaDate } from '@shared/domain/dates';
import {
  countsForMeter,
  projectInsumo,
  READING_UNIT,
  reachesLimitSoon,
  usageWindowStart,
  USAGE_WINDOW_DAYS,
  type PendingMeter,
} from '@shared/domain/wear';
import type { MaquinariaInsumo, MaquinariaRow } from '@shared/contract/maquinarias';
import { partesdiariosApi } from '@shared/contract/partesdiarios';
import { pendingOf, useOutbox, type OutboxItem } from '@client/offline';
import { infoVentaQuery, type ParteItem, type ParteOutboxMeta } from '@client/components/partes/parte-item';

/** Where a daily report is saved: its pending items are read as that endpoint's bodies. */
type Create = typeof partesdiariosApi.create;

/** A pending meter line with its machine. */
export interface PendingLine extends PendingMeter {
  maquinaria_id: number;
}

/** A cost line's unit, when the device knows it (the catalogue may be missing offline). */
export type UnitOf = (costoDetId: number) => string | undefined;

/** True when the server may already hold the item in data fetched at `savedAt` (epoch ms). */
function mayBeOnServer(item: OutboxItem, savedAt: number | null | undefined): boolean {
  if (savedAt == null) return false;
  return (item.status === 'sending' || item.attempts > 0) && item.updatedAt <= savedAt;
}

/** The pending daily-report lines of the outbox, per machine (see the rules above). */
export function pendingMeterLines(
  items: readonly OutboxItem[],
  opts: { unitOf?: UnitOf; savedAt?: number | null } = {},
): Map<number, PendingLine[]> {
  const out = new Map<number, PendingLine[]>();
  const push = (l: PendingLine) => {
    if (!l.cantid || !Number.isFinite(l.cantid) || !l.fecha) return;
    const list = out.get(l.maquinaria_id);
    if (list) list.push(l);
    else out.set(l.maquinaria_id, [l]);
  };
  for (const { item, body, meta } of pendingOf<ParteItem, ParteOutboxMeta, Create>(items, partesdiariosApi.create)) {
    if (item.status === 'rejected' || item.ackedAt !== null || mayBeOnServer(item, opts.savedAt)) continue;
    const line = body.partesdiarios_det;
    if (!body.maquinaria_id || !body.fecha || !line?.costo_det_id) continue;
    if (item.method === 'PUT') {
      if (!meta.antes) continue;
      push({ ...meta.antes, cantid: -Number(meta.antes.cantid) });
    }
    // With readings, what it worked counts (whatever the billing unit); without, its line in the machine's unit.
    if (body.horometro_inicial != null && body.horometro_final != null) {
      const cents = Math.round(Number(body.horometro_final) * 100) - Math.round(Number(body.horometro_inicial) * 100);
      push({ maquinaria_id: body.maquinaria_id, fecha: body.fecha, unidad: READING_UNIT, cantid: cents / 100 });
      continue;
    }
    const unidad = opts.unitOf?.(line.costo_det_id) ?? meta.unidad ?? 'HORA';
    push({ maquinaria_id: body.maquinaria_id, fecha: body.fecha, unidad, cantid: Number(line.cantid ?? 0) });
  }
  return out;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The machine's parts with the pending lines of that machine (unchanged parts keep their identity). */
export function projectInsumos(
  parts: readonly MaquinariaInsumo[],
  horometro: boolean,
  lines: readonly PendingMeter[] | undefined,
  today: string,
): MaquinariaInsumo[] {
  if (!lines?.length) return parts as MaquinariaInsumo[];
  return parts.map((p) => projectInsumo(p, horometro, lines, today));
}

/** A list row as it will be once the device's pending reports of that machine arrive; `_pendiente` = meter added. */
export type ProjectedRow = MaquinariaRow & { _pendiente?: number };

export function projectMaquinaria(row: MaquinariaRow, lines: readonly PendingMeter[] | undefined, today: string): ProjectedRow {
  if (!lines?.length) return row;
  const start = usageWindowStart(today);
  let meter = 0;
  let window = 0;
  for (const l of lines) {
    if (!countsForMeter(l.unidad, row.horometro)) continue;
    meter = round2(meter + l.cantid);
    if (l.fecha >= start && l.fecha <= today) window = round2(window + l.cantid);
  }
  if (meter === 0 && window === 0) return row;
  return {
    ...row,
    horometro_actual: round2(row.horometro_actual + meter),
    uso_diario: Math.round((row.uso_diario + window / USAGE_WINDOW_DAYS) * 10000) / 10000,
    insumos: projectInsumos(row.insumos, row.horometro, lines, today),
    _pendiente: meter,
  };
}

/**
 * The pending meter lines of the live outbox, per machine, for data fetched at `savedAt`. The cost lines' units come
 * from the report form's catalogue (loaded only while reports are pending), else from what the form noted.
 */
export function usePendingMeterLines(savedAt: number | null | undefined): Map<number, PendingLine[]> {
  const outbox = useOutbox();
  const hasPartes = pendingOf(outbox, partesdiariosApi.create).length > 0;
  const info = useQuery({ ...infoVentaQuery(), enabled: hasPartes });
  return useMemo(() => {
    if (!hasPartes) return new Map<number, PendingLine[]>();
    const units = new Map<number, string>(info.data?.precios.map((p) => [p.costo_det_id, p.unidad]));
    return pendingMeterLines(outbox, { unitOf: (id) => units.get(id), savedAt });
  }, [outbox, hasPartes, info.data, savedAt]);
}

/** The machines with the device's pending reports projected (the same array while none is pending). */
export function useProjectedMaquinarias(rows: readonly MaquinariaRow[] | undefined, savedAt: number | null | undefined) {
  const lines = usePendingMeterLines(savedAt);
  return useMemo(() => {
    if (!rows || lines.size === 0) return rows as ProjectedRow[] | undefined;
    const today = limaDate();
    return rows.map((r) => projectMaquinaria(r, lines.get(r.id), today));
  }, [rows, lines]);
}

/** The Inicio parts cards' filters of the machinery list. */
export type AlertFilter = 'peligro' | 'proximos';

/**
 * Whether a machine belongs to a parts card, on the server's rule (modules/inicio): a part in the danger band
 * ('peligro'), or a part not in danger whose forecast reaches the limit within 7 days ('proximos').
 */
export function hasAlert(row: MaquinariaRow, filtro: AlertFilter, today: string): boolean {
  return row.insumos.some((p) =>
    filtro === 'peligro' ? p.nivel === 'danger' : p.nivel !== 'danger' && reachesLimitSoon(p.fecha_limite, today),
  );
}
