// Valuation queries: the list with the billed report numbers, one valuation with its accounts and reports,
// the accounts, and what the valuation modal and the daily-report form load first (infoventa).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CuentaRow, InfoVenta, ValorizaDetail, ValorizaRow } from '@shared/contract/valoriza';
import type { DateRange } from '@shared/contract/common';
import { toCents, fromCents } from '@shared/domain/money';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { actividades, costos, costosDet, cuentas, maquinarias, partesDiarios, valorizaciones } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { dateRangeWhere } from '../../lib/sql';
import { jsonRows, wire, type JsonRows } from '../../lib/json-rows';
import { isoTs } from '../../lib/timestamps';
import { partesOfValoriza } from '../partesdiarios/repository';
import { kmPorDia } from '../partesdiarios/lecturas';

const v = valorizaciones;
const rowColumns = {
  valoriza_id: v.valoriza_id,
  fecha: v.fecha,
  rubro: v.rubro,
  tipo_doc: v.tipo_doc,
  ndoc: v.ndoc,
  rsocial: v.rsocial,
  subtotal: v.subtotal,
  monto: v.monto,
  monto_detraccion: v.monto_detraccion,
  monto_deposito: v.monto_deposito,
  partes: sql<string>`coalesce((select string_agg(p.nro_parte_interno, ', ' order by p.fecha, p.parte_id)
    from ${partesDiarios} p where p.valoriza_id = valorizaciones.valoriza_id), '')`,
  created_at: v.created_at,
};

/** Valuations dated in the range, newest first. */
export function listValoriza(db: Db, range: DateRange): Promise<JsonRows<ValorizaRow>> {
  return jsonRows(
    db,
    db
      .select(wire(rowColumns))
      .from(v)
      .where(dateRangeWhere(v.fecha, range))
      .orderBy(desc(v.fecha), desc(v.created_at), desc(v.valoriza_id)),
  );
}

export async function listCuentas(db: Db): Promise<CuentaRow[]> {
  const rows = await db.select().from(cuentas).orderBy(asc(cuentas.tipo_cuenta), asc(cuentas.cuenta_id));
  return rows.map((r) => ({ ...r, tipo_cuenta: r.tipo_cuenta as CuentaRow['tipo_cuenta'] }));
}

export async function getValoriza(db: Db, id: number): Promise<ValorizaDetail> {
  const [row] = await db
    .select({
      ...rowColumns,
      cta_detraccion: v.cta_detraccion,
      cta_deposito: v.cta_deposito,
      tasa_detraccion: v.tasa_detraccion,
      observacion: v.observacion,
    })
    .from(v)
    .where(eq(v.valoriza_id, id));
  if (!row) throw notFound(MSG.notFound);
  const accounts = await listCuentas(db);
  const account = (cuentaId: number | null) => accounts.find((a) => a.cuenta_id === cuentaId) ?? null;
  return {
    ...row,
    created_at: isoTs(row.created_at),
    igv: fromCents(toCents(row.monto) - toCents(row.subtotal)),
    cuentas: { detraccion: account(row.cta_detraccion), deposito: account(row.cta_deposito) },
    partesdiarios: await partesOfValoriza(db, id),
  };
}

/** Active lines of active cost schedules, active activities, and the machines. */
export async function infoVenta(db: Db): Promise<InfoVenta> {
  const [precios, acts, machines] = await Promise.all([
    db
      .select({
        costo_det_id: costosDet.costo_det_id,
        costo_id: costosDet.costo_id,
        costo: costos.descripcion,
        descripcion: costosDet.descripcion,
        precio: costosDet.precio,
        unidad: costosDet.unidad,
      })
      .from(costosDet)
      .innerJoin(costos, eq(costos.id, costosDet.costo_id))
      .where(and(eq(costosDet.estado, 1), eq(costos.estado, 1)))
      .orderBy(asc(costos.descripcion), asc(costosDet.descripcion), asc(costosDet.costo_det_id)),
    db
      .select({ id: actividades.id, activ_nombre: actividades.activ_nombre })
      .from(actividades)
      .where(eq(actividades.activ_estado, 1))
      .orderBy(asc(actividades.activ_nombre)),
    db
      .select({
        id: maquinarias.id,
        descripcion: maquinarias.descripcion,
        placa: maquinarias.placa,
        horometro: maquinarias.horometro,
        estado: maquinarias.estado,
      })
      .from(maquinarias)
      .orderBy(asc(maquinarias.placa)),
  ]);
  return {
    km_max_dia: await kmPorDia(db),
    precios: precios.map((p) => ({ ...p, unidad: p.unidad as InfoVenta['precios'][number]['unidad'] })),
    actividades: acts,
    maquinarias: machines,
  };
}
