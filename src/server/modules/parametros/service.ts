// The office's cost and fleet parameters (docs/costs.md, "Cost per machine"): the labour rate, the shift, the most
// kilometres per day, each a key of the `ajustes` table over its default, read in one place.
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ParametrosBody, ParametrosDetail } from '@shared/contract/parametros';
import { DEFAULT_KM_PER_DAY } from '@shared/domain/lecturas';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { ajustes, insumos } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';
import { runChange } from '../../plugins/change';

const RESOURCE = 'parametros';

/** The `ajustes` keys of the parameters. */
const PARAMETRO_KEYS = {
  tarifa_mano_obra: 'tarifa_mano_obra',
  turno_horas_dia: 'turno_horas_dia',
  turno_dias: 'turno_dias',
  /** Most kilometres an odometer may advance in one day (the readings' plausibility check). */
  km_max_dia: 'km_max_dia',
} as const;

interface Parametros {
  /** Soles per hour of work-order labour. */
  tarifa_mano_obra: number;
  /** Hours of the office's shift per working day. */
  turno_horas_dia: number;
  /** Working days of the shift, ISO weekdays (1 Monday … 7 Sunday), ascending. */
  turno_dias: number[];
  /** Most kilometres an odometer may advance in one day. */
  km_max_dia: number;
}

const DEFAULT_PARAMETROS: Parametros = {
  tarifa_mano_obra: 25,
  turno_horas_dia: 8,
  turno_dias: [1, 2, 3, 4, 5, 6],
  km_max_dia: DEFAULT_KM_PER_DAY,
};

/** A stored number when it is finite and within [min, max]; otherwise the default. */
function num(v: string | undefined, def: number, min: number, max: number): number {
  const n = v == null || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : def;
}

/** Stored weekdays ("1,2,3"): the valid distinct ones ascending; none valid: the default. */
function dias(v: string | undefined, def: number[]): number[] {
  if (v == null) return def;
  const out = [...new Set(v.split(',').map((s) => Number(s.trim())))].filter((d) => Number.isInteger(d) && d >= 1 && d <= 7);
  return out.length ? out.sort((a, b) => a - b) : def;
}

/** The parameters: each stored key over its default (a missing or invalid value reads as the default). */
export async function leerParametros(db: Db): Promise<Parametros> {
  const rows = await db
    .select()
    .from(ajustes)
    .where(inArray(ajustes.key, Object.values(PARAMETRO_KEYS)));
  const s = Object.fromEntries(rows.map((r) => [r.key, r.value])) as Record<string, string | undefined>;
  const d = DEFAULT_PARAMETROS;
  return {
    tarifa_mano_obra: num(s[PARAMETRO_KEYS.tarifa_mano_obra], d.tarifa_mano_obra, 0, 1e6),
    turno_horas_dia: num(s[PARAMETRO_KEYS.turno_horas_dia], d.turno_horas_dia, 0.01, 24),
    turno_dias: dias(s[PARAMETRO_KEYS.turno_dias], d.turno_dias),
    km_max_dia: num(s[PARAMETRO_KEYS.km_max_dia], d.km_max_dia, 0.01, 1e6),
  };
}

/** The parameters with the ids of the supplies marked as fuel (the settings screen). */
export async function getParametros(db: Db): Promise<ParametrosDetail> {
  const fuel = await db.select({ id: insumos.id }).from(insumos).where(eq(insumos.es_combustible, true)).orderBy(insumos.id);
  return { ...(await leerParametros(db)), combustibles: fuel.map((f) => f.id) };
}

/**
 * Saves the parameters (one `ajustes` row each) and marks as fuel exactly the supplies listed (400 naming an unknown
 * one), in one audited change.
 */
export function updateParametros(req: FastifyRequest, body: ParametrosBody) {
  return runChange(req, async ({ tx, audit }) => {
    if (body.combustibles.length) {
      const found = await tx.select({ id: insumos.id }).from(insumos).where(inArray(insumos.id, body.combustibles));
      const known = new Set(found.map((f) => f.id));
      const missing = body.combustibles.findIndex((i) => !known.has(i));
      if (missing >= 0) throw badRequest(MSG.supplyNotFound, { [`combustibles.${missing}`]: MSG.supplyNotFound });
    }
    const before = await getParametros(tx);
    const values: Record<keyof Parametros, string> = {
      tarifa_mano_obra: String(body.tarifa_mano_obra),
      turno_horas_dia: String(body.turno_horas_dia),
      turno_dias: body.turno_dias.join(','),
      km_max_dia: String(body.km_max_dia),
    };
    for (const [k, value] of Object.entries(values)) {
      const key = PARAMETRO_KEYS[k as keyof Parametros];
      await tx.insert(ajustes).values({ key, value }).onConflictDoUpdate({ target: ajustes.key, set: { value } });
    }
    const ids = body.combustibles.length ? body.combustibles : [0];
    await tx
      .update(insumos)
      .set({
        es_combustible: sql`${insumos.id} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      })
      .where(or(eq(insumos.es_combustible, true), inArray(insumos.id, ids)));
    const after = await getParametros(tx);
    await audit({ action: 'update', resource: RESOURCE, resource_id: null, before, after });
    return after;
  });
}
