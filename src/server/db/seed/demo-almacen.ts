// Demo warehouse: supplies (stock starts at 0), entries of the purchase orders already received, exits
// to the machines limited by the stock at each date, the kardex rows of both, stock = ledger, requests.
import { revalorizarInsumos } from '../valuation';
import { sql } from 'drizzle-orm';
import { insumoSearchText } from '@shared/domain/stock';
import { fromCents, toCents } from '@shared/domain/money';
import type { Db } from '../client';
import {
  guiasRemision,
  ingresos,
  ingresosDet,
  insumos,
  movimientos,
  pedidos,
  pedidosDet,
  salidas,
  salidasDet,
  unimeds,
} from '../schema/index';
import { DEMO_SUPPLIES, EXIT_KITS } from './demo-data-almacen';
import { DEMO_MACHINES } from './demo-data-maquinarias';
import type { Mirror } from './demo-integraciones';
import type { Fleet } from './demo-maquinarias';
import type { Clock, Rng } from './demo-util';

type Movimiento = typeof movimientos.$inferInsert;

/** The demo's fuels (diesel and gasoline, by the gallon): their exits count as fuel in the cost per machine. */
const DEMO_FUELS = new Set(['01.02.0001', '01.02.0002']);

export async function seedInsumos(db: Db): Promise<Map<string, { id: number; unimed_id: number }>> {
  const units = await db.select().from(unimeds);
  const unitId = (abrev: string) => units.find((u) => u.unimed_abrev === abrev)?.unimed_id ?? units[0].unimed_id;
  const rows = await db
    .insert(insumos)
    .values(
      DEMO_SUPPLIES.map(([insumo_codigo, insumo_name, unit, limits]) => ({
        insumo_codigo,
        insumo_name,
        search_text: insumoSearchText(insumo_codigo, insumo_name),
        unimed_id: unitId(unit),
        stock: 0,
        hour_warning: limits?.[0] ?? null,
        hour_critical: limits?.[1] ?? null,
        horas_limite: limits?.[2] ?? null,
        es_combustible: DEMO_FUELS.has(insumo_codigo),
      })),
    )
    .returning({ id: insumos.id, code: insumos.insumo_codigo, unimed_id: insumos.unimed_id });
  return new Map(rows.map((r) => [r.code, { id: r.id, unimed_id: r.unimed_id }]));
}

async function seedIngresos(db: Db, mirror: Mirror, insumoIds: Map<string, { id: number }>, userId: number): Promise<Movimiento[]> {
  const heads = await db
    .insert(ingresos)
    .values(
      mirror.entered.map(({ order, fecha }) => ({
        nro_ordencompra: order.nro_ordencompra,
        anio: order.anio,
        orden_id: order.orden_id,
        fecha,
        proveedor: order.proveedor,
        fecha_ordencompra: order.fecha_ordencompra,
        nro_guiaremision: order.guias[0]?.nro_guiaremision ?? null,
        fecha_guiaremision: order.guias[0]?.fecha_guiaremision ?? null,
        user_id: userId,
        created_at: new Date(Date.parse(`${fecha}T10:15:00-05:00`)).toISOString(),
      })),
    )
    .returning({ id: ingresos.id, orden_id: ingresos.orden_id });
  const headId = new Map(heads.map((h) => [h.orden_id, h.id]));
  await db
    .insert(guiasRemision)
    .values(mirror.entered.flatMap(({ order }) => order.guias.map((g) => ({ ...g, ingreso_id: headId.get(order.orden_id) as number }))));
  const lines = mirror.entered.flatMap(({ order }) =>
    order.items.map((i) => ({
      ingreso_id: headId.get(order.orden_id) as number,
      insumo_id: insumoIds.get(i.insumo_codigo)?.id as number,
      cantidad: i.cantidad,
      unimed: i.unimed,
      marca: i.cotidet_marca,
      precio_unitario: i.precio_unitario,
    })),
  );
  const dets = await db
    .insert(ingresosDet)
    .values(lines)
    .returning({ id: ingresosDet.id, ingreso_id: ingresosDet.ingreso_id, insumo_id: ingresosDet.insumo_id });
  return mirror.entered.flatMap(({ order, fecha }) =>
    order.items.map((i) => {
      const insumo_id = insumoIds.get(i.insumo_codigo)?.id as number;
      const det = dets.find((d) => d.ingreso_id === headId.get(order.orden_id) && d.insumo_id === insumo_id);
      return {
        insumo_id,
        fecha,
        tipo: 'INGRESO',
        proveedor: order.proveedor,
        nro_guiaremision: order.guias[0]?.nro_guiaremision ?? '',
        ingreso: i.cantidad,
        salida: 0,
        costo_unitario: i.precio_unitario,
        ingreso_det_id: det?.id,
      };
    }),
  );
}

/** Exit dates: a few older ones after the first entries, most within the last 60 days. */
function salidaDays(r: Rng): number[] {
  const days = [650, 560, 470, 380, 300, 230, 170, 110, 90, 70];
  for (let i = 0; i < 26; i++) days.push(r.int(1, 60));
  return days.sort((a, b) => b - a);
}

async function seedSalidas(
  db: Db,
  r: Rng,
  c: Clock,
  fleet: Fleet,
  insumoIds: Map<string, { id: number }>,
  ingresosKardex: Movimiento[],
  userId: number,
): Promise<Movimiento[]> {
  const stock = new Map<number, number>();
  const inflows = [...ingresosKardex].sort((a, b) => a.fecha.localeCompare(b.fecha));
  let nextInflow = 0;
  type Draft = {
    nro_vale: string;
    fecha: string;
    maquinaria_id: number;
    operador_id: number;
    placa: string;
    lines: { insumo_id: number; cantidad: number; observacion: string | null }[];
  };
  const drafts: Draft[] = [];
  for (const d of salidaDays(r)) {
    const fecha = c.daysAgo(d);
    while (nextInflow < inflows.length && inflows[nextInflow].fecha <= fecha) {
      const m = inflows[nextInflow++];
      stock.set(m.insumo_id, (stock.get(m.insumo_id) ?? 0) + toCents(m.ingreso));
    }
    const candidates = fleet.maquinarias
      .map((m, i) => ({ m, spec: DEMO_MACHINES[i], op: fleet.operadorIds[DEMO_MACHINES[i].operador] }))
      .filter((x) => d > x.spec.stoppedDaysAgo);
    const { m, spec, op } = r.pick(candidates);
    const kit = r.pick(EXIT_KITS);
    const lines: Draft['lines'] = [];
    for (const [rawCode, min, max] of kit) {
      const code = !spec.horometro && /^02\.0[1-3]\.0001$/.test(rawCode) ? rawCode.replace(/0001$/, '0002') : rawCode;
      const id = insumoIds.get(code)?.id;
      if (!id) continue;
      const want = toCents(r.int(min, max));
      const take = Math.min(want, stock.get(id) ?? 0);
      if (take <= 0) continue;
      stock.set(id, (stock.get(id) ?? 0) - take);
      lines.push({
        insumo_id: id,
        cantidad: fromCents(take),
        observacion: code === '01.02.0001' ? 'Abastecimiento para la jornada' : code.startsWith('02.') ? 'Cambio preventivo' : null,
      });
    }
    if (lines.length === 0) continue;
    drafts.push({
      nro_vale: String(1201 + drafts.length).padStart(6, '0'),
      fecha,
      maquinaria_id: m.id,
      operador_id: op,
      placa: m.placa,
      lines,
    });
  }
  if (drafts.length === 0) return [];
  const heads = await db
    .insert(salidas)
    .values(
      drafts.map((x, i) => ({
        nro_vale: x.nro_vale,
        fecha: x.fecha,
        maquinaria_id: x.maquinaria_id,
        operador_id: x.operador_id,
        user_id: userId,
        created_at: new Date(Date.parse(`${x.fecha}T07:40:00-05:00`) + i * 60_000).toISOString(),
      })),
    )
    .returning({ id: salidas.id, nro_vale: salidas.nro_vale });
  const headId = new Map(heads.map((h) => [h.nro_vale, h.id]));
  const dets = await db
    .insert(salidasDet)
    .values(drafts.flatMap((x) => x.lines.map((l) => ({ salida_id: headId.get(x.nro_vale) as number, ...l }))))
    .returning({ salida_det_id: salidasDet.salida_det_id, salida_id: salidasDet.salida_id, insumo_id: salidasDet.insumo_id });
  return drafts.flatMap((x) =>
    x.lines.map((l) => ({
      insumo_id: l.insumo_id,
      fecha: x.fecha,
      tipo: 'SALIDA',
      proveedor: x.placa,
      nro_guiaremision: x.nro_vale,
      ingreso: 0,
      salida: l.cantidad,
      salida_det_id: dets.find((d) => d.salida_id === headId.get(x.nro_vale) && d.insumo_id === l.insumo_id)?.salida_det_id,
    })),
  );
}

async function seedPedidos(
  db: Db,
  r: Rng,
  c: Clock,
  fleet: Fleet,
  insumoIds: Map<string, { id: number; unimed_id: number }>,
  userId: number,
): Promise<number> {
  const asks: [number, string | null, string[]][] = [
    [52, 'Para mantenimiento preventivo de 250 horas', ['02.01.0001', '01.01.0001', '02.02.0001']],
    [45, 'Reposición de cuchillas desgastadas', ['03.01.0001', '03.04.0001']],
    [38, 'Cambio de llantas delanteras', ['04.01.0004']],
    [31, null, ['01.01.0005', '05.01.0001']],
    [24, 'Batería no retiene carga', ['04.02.0001']],
    [12, 'Urgente: mangueras para reparación del sistema hidráulico', ['03.04.0002', '01.01.0002']],
    [7, 'Uñas del cucharón con desgaste', ['03.02.0001']],
    [2, 'Filtros para el próximo servicio', ['02.03.0001', '02.04.0001']],
  ];
  const rows = asks.map(([d, observacion, codes], i) => ({
    d,
    observacion,
    codes,
    m: fleet.maquinarias[(i * 5) % fleet.maquinarias.length],
  }));
  const heads = await db
    .insert(pedidos)
    .values(
      rows.map((x) => ({
        maquinaria_id: x.m.id,
        observacion: x.observacion,
        fecha: c.daysAgo(x.d),
        estado: x.d > 20 ? 1 : 0,
        user_id: userId,
        created_at: c.at(x.d, 90),
      })),
    )
    .returning({ pedido_id: pedidos.pedido_id, maquinaria_id: pedidos.maquinaria_id });
  await db.insert(pedidosDet).values(
    rows.flatMap((x) =>
      x.codes.map((code) => {
        const s = insumoIds.get(code) as { id: number; unimed_id: number };
        return {
          pedido_id: heads.find((h) => h.maquinaria_id === x.m.id)?.pedido_id as number,
          insumo_id: s.id,
          unimed_id: s.unimed_id,
          cantidad: code.startsWith('01.') ? r.int(5, 20) : r.int(1, 4),
        };
      }),
    ),
  );
  return heads.length;
}

export async function seedWarehouse(
  db: Db,
  r: Rng,
  c: Clock,
  mirror: Mirror,
  fleet: Fleet,
  insumoIds: Map<string, { id: number; unimed_id: number }>,
  userId: number,
) {
  const ingresosKardex = await seedIngresos(db, mirror, insumoIds, userId);
  const salidasKardex = await seedSalidas(db, r, c, fleet, insumoIds, ingresosKardex, userId);
  // The kardex in date order (entries before exits on the same day), then stock = Σ ingreso − Σ salida.
  const ledger = [...ingresosKardex, ...salidasKardex].sort(
    (a, b) => a.fecha.localeCompare(b.fecha) || (a.tipo === b.tipo ? 0 : a.tipo === 'INGRESO' ? -1 : 1),
  );
  await db
    .insert(movimientos)
    .values(ledger.map((m) => ({ ...m, created_at: new Date(Date.parse(`${m.fecha}T12:00:00-05:00`)).toISOString() })));
  await db.execute(
    sql`update ${insumos} set stock = coalesce((select sum(m.ingreso - m.salida) from ${movimientos} m where m.insumo_id = ${insumos.id}), 0)`,
  );
  // Each movement valued and its running balance written, as the services do on every write.
  await revalorizarInsumos(db);
  const pedidosCount = await seedPedidos(db, r, c, fleet, insumoIds, userId);
  return {
    ingresos: mirror.entered.length,
    salidas: new Set(salidasKardex.map((e) => e.nro_guiaremision)).size,
    movimientos: ledger.length,
    pedidos: pedidosCount,
  };
}
