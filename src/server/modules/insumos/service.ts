// Supplies: catalogue with stock, searches for the exit and request typeaheads, part hours, CRUD.
import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_PART_HOURS,
  type InsumoBody,
  type InsumoRow,
  type InsumoSearchPedido,
  type InsumoSearchSalida,
  type SearchHorasAnswer,
} from '@shared/contract/insumos';
import { normalizeSearch, insumoSearchText } from '@shared/domain/stock';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { ingresosDet, insumos, insumosMaquinaria, movimientos, pedidosDet, salidasDet, unimeds } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { runChange } from '../../plugins/change';

const SEARCH_LIMIT = 20;

const rowColumns = {
  id: insumos.id,
  insumo_codigo: insumos.insumo_codigo,
  insumo_name: insumos.insumo_name,
  unimed: unimeds.unimed_abrev,
  unimed_id: insumos.unimed_id,
  stock: insumos.stock,
  costo_promedio: insumos.costo_promedio,
  valor_stock: insumos.valor_stock,
};

export function listInsumos(db: Db): Promise<InsumoRow[]> {
  return db
    .select(rowColumns)
    .from(insumos)
    .innerJoin(unimeds, eq(unimeds.unimed_id, insumos.unimed_id))
    .orderBy(asc(insumos.insumo_codigo));
}

export async function getInsumo(db: Db, id: number): Promise<InsumoRow> {
  const [row] = await db
    .select(rowColumns)
    .from(insumos)
    .innerJoin(unimeds, eq(unimeds.unimed_id, insumos.unimed_id))
    .where(eq(insumos.id, id));
  if (!row) throw notFound(MSG.supplyNotFound);
  return row;
}

/** Code or name contains the words (case- and accent-insensitive); code prefixes first; at most 20. */
export async function searchInsumos(db: Db, q: string, mode: 'salida'): Promise<{ items: InsumoSearchSalida[] }>;
export async function searchInsumos(
  db: Db,
  q: string,
  mode: 'pedido' | 'salida',
): Promise<{ items: (InsumoSearchSalida | InsumoSearchPedido)[] }>;
export async function searchInsumos(db: Db, q: string, mode: 'pedido' | 'salida') {
  const norm = normalizeSearch(q);
  if (!norm) return { items: [] };
  const like = norm.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select(rowColumns)
    .from(insumos)
    .innerJoin(unimeds, eq(unimeds.unimed_id, insumos.unimed_id))
    .where(sql`${insumos.search_text} like ${`%${like}%`}`)
    .orderBy(desc(sql`${insumos.search_text} like ${`${like}%`}`), asc(insumos.insumo_codigo))
    .limit(SEARCH_LIMIT);
  if (mode === 'pedido') {
    return {
      items: rows.map((r) => ({
        bien_id: r.id,
        bien_nombre: r.insumo_name,
        codigo: r.insumo_codigo,
        unimed_id: r.unimed_id,
        unimed_abrev: r.unimed,
      })),
    };
  }
  return {
    items: rows.map((r) => ({ id: r.id, insumo_codigo: r.insumo_codigo, insumo_name: r.insumo_name, unimed: r.unimed, stock: r.stock })),
  };
}

/** Hours of the supply whose id or code is `term`, with the product defaults where it has none. */
export async function searchHoras(db: Db, term: string): Promise<SearchHorasAnswer> {
  const t = term.trim();
  const cols = { hour_warning: insumos.hour_warning, hour_critical: insumos.hour_critical, horas_limite: insumos.horas_limite };
  const find = (where: SQL) => db.select(cols).from(insumos).where(where).limit(1);
  let rows = /^\d{1,9}$/.test(t) ? await find(eq(insumos.id, Number(t))) : [];
  if (rows.length === 0) rows = await find(sql`upper(${insumos.insumo_codigo}) = ${t.toUpperCase()}`);
  const s = rows[0];
  if (!s) throw notFound(MSG.supplyNotFound);
  return {
    data: {
      horas_alerta: {
        hour_warning: s.hour_warning ?? DEFAULT_PART_HOURS.hour_warning,
        hour_critical: s.hour_critical ?? DEFAULT_PART_HOURS.hour_critical,
      },
      horas_limite: s.horas_limite ?? DEFAULT_PART_HOURS.horas_limite,
    },
  };
}

async function assertUnit(tx: Db, unimedId: number): Promise<void> {
  const [u] = await tx.select({ id: unimeds.unimed_id }).from(unimeds).where(eq(unimeds.unimed_id, unimedId));
  if (!u) throw badRequest(MSG.unitNotFound, { unimed_id: MSG.unitNotFound });
}

async function assertCodeFree(tx: Db, codigo: string, exceptId?: number): Promise<void> {
  const [dup] = await tx
    .select({ id: insumos.id })
    .from(insumos)
    .where(and(sql`upper(${insumos.insumo_codigo}) = ${codigo.toUpperCase()}`, exceptId ? ne(insumos.id, exceptId) : undefined))
    .limit(1);
  if (dup) throw conflict(MSG.duplicateCode);
}

function values(body: InsumoBody) {
  return {
    insumo_codigo: body.insumo_codigo,
    insumo_name: body.insumo_name,
    search_text: insumoSearchText(body.insumo_codigo, body.insumo_name),
    unimed_id: body.unimed_id,
    hour_warning: body.hour_warning,
    hour_critical: body.hour_critical,
    horas_limite: body.horas_limite,
  };
}

export function createInsumo(req: FastifyRequest, body: InsumoBody) {
  return runChange(
    req,
    async ({ tx, audit }) => {
      await assertUnit(tx, body.unimed_id);
      await assertCodeFree(tx, body.insumo_codigo);
      const [row] = await tx.insert(insumos).values(values(body)).returning({ id: insumos.id });
      const after = await getInsumo(tx, row.id);
      await audit({ action: 'create', resource: 'insumos', resource_id: row.id, after });
      return after;
    },
    201,
  );
}

export function updateInsumo(req: FastifyRequest, id: number, body: InsumoBody) {
  return runChange(req, async ({ tx, audit }) => {
    const [before] = await tx.select().from(insumos).where(eq(insumos.id, id)).for('update');
    if (!before) throw notFound(MSG.supplyNotFound);
    await assertUnit(tx, body.unimed_id);
    await assertCodeFree(tx, body.insumo_codigo, id);
    await tx.update(insumos).set(values(body)).where(eq(insumos.id, id));
    const after = await getInsumo(tx, id);
    await audit({ action: 'update', resource: 'insumos', resource_id: id, before, after });
    return after;
  });
}

export function deleteInsumo(req: FastifyRequest, id: number) {
  return runChange(req, async ({ tx, audit }) => {
    const [before] = await tx.select().from(insumos).where(eq(insumos.id, id)).for('update');
    if (!before) throw notFound(MSG.supplyNotFound);
    const used = await tx.execute(sql`select 1 from ${movimientos} where ${movimientos.insumo_id} = ${id}
      union all select 1 from ${ingresosDet} where ${ingresosDet.insumo_id} = ${id}
      union all select 1 from ${salidasDet} where ${salidasDet.insumo_id} = ${id}
      union all select 1 from ${pedidosDet} where ${pedidosDet.insumo_id} = ${id}
      union all select 1 from ${insumosMaquinaria} where ${insumosMaquinaria.insumo_id} = ${id} limit 1`);
    if ((used as unknown as { rows: unknown[] }).rows.length > 0) throw conflict(MSG.supplyInUse);
    await tx.delete(insumos).where(eq(insumos.id, id));
    await audit({ action: 'delete', resource: 'insumos', resource_id: id, before });
    return { message: MSG.deleted };
  });
}
