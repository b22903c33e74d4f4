// A daily report as the report form, the outbox and the valuation modal keep it (docs/architecture.md, "Valuations
// and daily reports"): the list by machine and dates, the catalogue the form loads first (infoventa: active cost lines
// with price and unit, active activities, machines), and naming a report's ids from it. In the kit because two
// features use it: the 'Partes diarios' screen and the valuations, which bill reports and edit them in place.
import { useQuery } from '@tanstack/react-query';
import { partesdiariosApi, type ParteFields, type ParteRow } from '@shared/contract/partesdiarios';
import type { Unidad } from '@shared/contract/costos';
import { worked } from '@shared/domain/lecturas';
import { READING_UNIT } from '@shared/domain/wear';
import type { InfoVenta } from '@shared/contract/valoriza';
import { call } from '@client/lib/api';
import { CATALOG, catalogQuery } from '../catalogs';
import { useListQuery } from '../list-query';
import type { MaquinariaDateBody } from '../maquinaria-date';

export type { ParteRow, InfoVenta };

export const PARTES_KEY = ['partesdiarios'] as const;

export const infoVentaQuery = () => catalogQuery(CATALOG.infoventa);
export const useInfoVenta = () => useQuery(infoVentaQuery());

/** The service line of a report as the form and the outbox body carry it: the contract's line, complete. */
type ContractLine = NonNullable<ParteFields['partesdiarios_det']>;
export type ParteLine = Omit<Required<ContractLine>, 'pd_detalle_id' | 'preuni'> & {
  pd_detalle_id?: ContractLine['pd_detalle_id'];
  preuni: number;
  /** cantid × preuni with 2 decimals (lineTotal); the server computes its own. */
  pretot: number;
};

/**
 * A daily report as the form gives it: the contract's report object (`parteDiarioBody`, `valorizaParteItem`)
 * with every field filled, plus the operator's name and the amount for display (the server ignores them).
 * `parte_id` null = a new report.
 */
export interface ParteItem extends Omit<
  Required<ParteFields>,
  'fecha' | 'dni' | 'partesdiarios_det' | 'editorMode' | 'horometro_inicial' | 'horometro_final'
> {
  fecha: string;
  /** Meter readings (null: none; a report saved before readings existed). */
  horometro_inicial: number | null;
  horometro_final: number | null;
  dni: string;
  nombre_operador: string;
  partesdiarios_det: ParteLine;
  monto: number;
  editorMode: 'crear' | 'editar';
}

/** The stored line an edit replaces: the machines' offline meter projection takes it back (maquinarias/meter-projection). */
export interface ParteAntes {
  maquinaria_id: number;
  fecha: string;
  /** The line's unit, or READING_UNIT: the report had readings and `cantid` is what it worked. */
  unidad: Unidad | typeof READING_UNIT;
  cantid: number;
}

/** What the list row of a report still in the outbox needs that the body lacks. */
export interface ParteOutboxMeta extends Record<string, unknown> {
  maquinaria: string;
  placa: string;
  actividad: string;
  servicio: string;
  unidad: Unidad;
  /** The machine's meter type (true hour meter), for the readings' unit in the list row. */
  horometro?: boolean;
  /** An edit: the report as stored before it (null or absent for a new report). */
  antes?: ParteAntes | null;
}

export function usePartes(body: MaquinariaDateBody & { sin_valorizar?: boolean }, opts: { enabled?: boolean } = {}) {
  return useListQuery([...PARTES_KEY, 'list', body], (signal) => call(partesdiariosApi.list, { body, signal }), opts);
}

/** The report row of a list (GET or list answer) as the form's item. */
export function itemOfRow(r: ParteRow): ParteItem {
  return {
    parte_id: r.parte_id,
    nro_parte_interno: r.nro_parte_interno,
    fecha: r.fecha,
    maquinaria_id: r.maquinaria_id,
    operador_id: r.operador_id,
    dni: r.dni_operador,
    nombre_operador: r.nombre_operador,
    actividad_id: r.actividad_id,
    partesdiarios_det: { costo_det_id: r.costo_det_id, cantid: r.cantid, preuni: r.preuni, pretot: r.pretot },
    monto: r.monto,
    horometro_inicial: r.horometro_inicial,
    horometro_final: r.horometro_final,
    editorMode: 'editar',
  };
}

/** Names the ids of a report from the catalogue, for a list row or the outbox meta. */
export function describeParte(item: Pick<ParteItem, 'maquinaria_id' | 'actividad_id' | 'partesdiarios_det'>, info: InfoVenta | undefined) {
  const m = info?.maquinarias.find((x) => x.id === item.maquinaria_id);
  const a = info?.actividades.find((x) => x.id === item.actividad_id);
  const p = info?.precios.find((x) => x.costo_det_id === item.partesdiarios_det.costo_det_id);
  return {
    maquinaria: m?.descripcion ?? '',
    placa: m?.placa ?? '',
    actividad: a?.activ_nombre ?? '',
    servicio: p?.descripcion ?? '',
    unidad: p?.unidad ?? ('HORA' as Unidad),
    horometro: m?.horometro ?? true,
  };
}

/** The stored line of a saved report being edited, for the outbox meta (null for a new report). */
export function antesOf(item: ParteItem | null, info: InfoVenta | undefined): ParteAntes | null {
  if (!item || item.parte_id === null) return null;
  const { maquinaria_id, fecha, partesdiarios_det: line } = item;
  // A stored report with readings counts what it worked (shared/domain/wear.ts READING_UNIT).
  if (item.horometro_inicial != null && item.horometro_final != null) {
    const cantid = worked({ horometro_inicial: item.horometro_inicial, horometro_final: item.horometro_final });
    return { maquinaria_id, fecha, unidad: READING_UNIT, cantid };
  }
  return { maquinaria_id, fecha, unidad: describeParte(item, info).unidad, cantid: line.cantid };
}
