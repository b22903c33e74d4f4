// Demo activities, cost schedules and 60 days of daily reports (partes diarios) per working machine;
// their meter quantities drive the machines' meters and the parts' wear counters.
import type { Db } from '../client';
import { actividades, costos, costosDet, partesDiarios, partesDiariosDet } from '../schema/index';
import { DEMO_ACTIVITIES, DEMO_COSTS, DEMO_MACHINES } from './demo-data-maquinarias';
import { downtimeByPlate } from './demo-fallas';
import { weekday, type Clock, type Rng } from './demo-util';
import { lineTotal } from '@shared/domain/valoriza';

export const WINDOW_DAYS = 60;
export const RENTAL_ACTIVITY = 'Alquiler de maquinaria a terceros';

/** Reports a valuation bills: machine, range of days ago (inclusive), activity. */
export const BILLING = {
  V1: { placa: 'EGL-348', from: 50, to: 44, activity: RENTAL_ACTIVITY },
  V2: { placa: 'ABC-726', from: 34, to: 31, activity: 'Eliminación de desmonte' },
} as const;
export type BillingKey = keyof typeof BILLING;

export interface FleetMaquinaria {
  id: number;
  placa: string;
  horometro: boolean;
  horometro_inicial: number;
}

export interface DemoParte {
  parte_id: number;
  maquinaria_id: number;
  fecha: string;
  monto: number;
  billing?: BillingKey;
}

export interface PartesResult {
  partes: DemoParte[];
  /** Meter quantity per machine and date, in date order. */
  meter: Map<number, { fecha: string; qty: number }[]>;
  lines: number;
}

export async function seedCatalogs(db: Db) {
  const acts = await db
    .insert(actividades)
    .values(
      DEMO_ACTIVITIES.map(([activ_nombre, activ_estado], i) => ({
        activ_nombre,
        activ_estado,
        created_at: new Date(Date.UTC(2024, 0, 8 + i, 14)).toISOString(),
      })),
    )
    .returning({ id: actividades.id, activ_nombre: actividades.activ_nombre, activ_estado: actividades.activ_estado });
  const heads = await db
    .insert(costos)
    .values(DEMO_COSTS.map((c) => ({ descripcion: c.descripcion, estado: c.estado })))
    .returning({ id: costos.id, descripcion: costos.descripcion });
  const lines = await db
    .insert(costosDet)
    .values(
      DEMO_COSTS.flatMap((c) =>
        c.lines.map((l) => ({
          costo_id: heads.find((h) => h.descripcion === c.descripcion)?.id as number,
          descripcion: l.descripcion,
          precio: l.precio,
          unidad: l.unidad,
          estado: l.estado ?? 1,
        })),
      ),
    )
    .returning({
      costo_det_id: costosDet.costo_det_id,
      descripcion: costosDet.descripcion,
      precio: costosDet.precio,
      unidad: costosDet.unidad,
    });
  return { activities: acts, costLines: lines, costos: heads.length };
}

export async function seedPartes(
  db: Db,
  r: Rng,
  c: Clock,
  fleet: FleetMaquinaria[],
  operadorIds: number[],
  catalogs: Awaited<ReturnType<typeof seedCatalogs>>,
): Promise<PartesResult> {
  const downtime = downtimeByPlate();
  const active = catalogs.activities.filter((a) => a.activ_estado === 1 && a.activ_nombre !== RENTAL_ACTIVITY);
  const activityId = (name: string) => catalogs.activities.find((a) => a.activ_nombre === name)?.id as number;
  const spare = operadorIds.slice(12);
  type Draft = Omit<DemoParte, 'parte_id' | 'monto'> & {
    operador_id: number;
    actividad_id: number;
    costo_det_id: number;
    cantid: number;
    preuni: number;
    unidad: string;
    pretot: number;
  };
  const drafts: Draft[] = [];
  fleet.forEach((m, idx) => {
    const spec = DEMO_MACHINES.find((d) => d.placa === m.placa);
    if (!spec) return;
    const line = catalogs.costLines.find((l) => l.descripcion === spec.servicio);
    if (!line) return;
    const siteActivity = r.pick(active).id;
    for (let d = WINDOW_DAYS; d >= 1; d--) {
      // Same number of draws every day, so skipped days do not shift the rest of the demo.
      const [idle, hours, km, relief, change, who] = [r.next(), r.dec(5, 9.5, 1), r.int(60, 220), r.next(), r.next(), r.int(0, 100)];
      const fecha = c.daysAgo(d);
      const billing = (Object.keys(BILLING) as BillingKey[]).find(
        (k) => BILLING[k].placa === m.placa && d <= BILLING[k].from && d >= BILLING[k].to,
      );
      if (weekday(fecha) === 0 || d <= spec.stoppedDaysAgo) continue;
      if ((downtime.get(m.placa) ?? []).some(([from, to]) => d <= from && d >= to)) continue;
      if (!billing && idle < 0.15 + (idx % 3) * 0.05) continue;
      const cantid = line.unidad === 'KM' ? km : hours;
      drafts.push({
        maquinaria_id: m.id,
        fecha,
        billing,
        operador_id: relief < 0.15 ? spare[who % spare.length] : operadorIds[spec.operador],
        actividad_id: billing ? activityId(BILLING[billing].activity) : change < 0.2 ? r.pick(active).id : siteActivity,
        costo_det_id: line.costo_det_id,
        cantid,
        preuni: line.precio,
        unidad: line.unidad,
        pretot: lineTotal(cantid, line.precio),
      });
    }
  });
  drafts.sort((a, b) => a.fecha.localeCompare(b.fecha) || a.maquinaria_id - b.maquinaria_id);
  const nro = (i: number) => String(4100 + i).padStart(6, '0');
  const inserted = await db
    .insert(partesDiarios)
    .values(
      drafts.map((p, i) => ({
        nro_parte_interno: nro(i),
        fecha: p.fecha,
        maquinaria_id: p.maquinaria_id,
        operador_id: p.operador_id,
        actividad_id: p.actividad_id,
        monto: p.pretot,
        created_at: new Date(Date.parse(`${p.fecha}T17:30:00-05:00`) + i * 1000).toISOString(),
      })),
    )
    .returning({ parte_id: partesDiarios.parte_id, nro: partesDiarios.nro_parte_interno });
  const idByNro = new Map(inserted.map((p) => [p.nro, p.parte_id]));
  await db.insert(partesDiariosDet).values(
    drafts.map((p, i) => ({
      parte_id: idByNro.get(nro(i)) as number,
      costo_det_id: p.costo_det_id,
      cantid: p.cantid,
      preuni: p.preuni,
      pretot: p.pretot,
      unidad: p.unidad,
    })),
  );
  const meter = new Map<number, { fecha: string; qty: number }[]>();
  for (const p of drafts) {
    const m = fleet.find((f) => f.id === p.maquinaria_id);
    if (m && (p.unidad === 'HORA') === m.horometro && (p.unidad === 'HORA' || p.unidad === 'KM'))
      meter.set(m.id, [...(meter.get(m.id) ?? []), { fecha: p.fecha, qty: p.cantid }]);
  }
  return {
    partes: drafts.map((p, i) => ({
      parte_id: idByNro.get(nro(i)) as number,
      maquinaria_id: p.maquinaria_id,
      fecha: p.fecha,
      monto: p.pretot,
      billing: p.billing,
    })),
    meter,
    lines: drafts.length,
  };
}
