// Soak fixture: machines, operators, supplies with a large stock, an activity and a cost line written straight into
// the server's database, and one clerk per device created through the API (own password, the codes the soak needs).
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { ROLE } from '@shared/auth/permissions';
import type { Db } from '../../src/server/db/client';
import { actividades, costos, costosDet, insumos, maquinarias, operadores, unimeds } from '../../src/server/db/schema/index';

export const SOAK_PASSWORD = 'Soak-Clave-2026!';
/** Stock of every soak supply: exits of at most 1 unit never run out of it, an exit of SOAK_HUGE always does. */
export const SOAK_STOCK = 1_000_000;
export const SOAK_HUGE = 99_000_000;

export interface SoakFixture {
  machines: number[];
  operatorDnis: string[];
  supplies: number[];
  actividad: number;
  costoDet: number;
}

export async function seedFixture(db: Db, tag: string): Promise<SoakFixture> {
  const [unit] = await db.select({ id: unimeds.unimed_id }).from(unimeds).limit(1);
  const machines = await db
    .insert(maquinarias)
    .values([1, 2, 3].map((i) => ({ descripcion: `SOAK MAQUINA ${i}`, marca: 'CATERPILLAR', placa: `SK${tag}-${i}`, anio_fabrica: 2018 })))
    .returning({ id: maquinarias.id });
  const dnis = [1, 2, 3].map((i) => String(70_000_000 + Number(tag) * 10 + i).slice(-8));
  await db.insert(operadores).values(dnis.map((dni, i) => ({ dni, nombres: `OPERADOR SOAK ${i + 1}` })));
  const supplies = await db
    .insert(insumos)
    .values(
      [1, 2, 3, 4].map((i) => ({
        insumo_codigo: `SK${tag}-${i}`,
        insumo_name: `Insumo soak ${i}`,
        search_text: `sk${tag}-${i} insumo soak ${i}`,
        unimed_id: unit.id,
        stock: SOAK_STOCK,
      })),
    )
    .returning({ id: insumos.id });
  const [act] = await db
    .insert(actividades)
    .values({ activ_nombre: `Soak ${tag}` })
    .returning({ id: actividades.id });
  const [cost] = await db
    .insert(costos)
    .values({ descripcion: `Soak ${tag}` })
    .returning({ id: costos.id });
  const [line] = await db
    .insert(costosDet)
    .values({ costo_id: cost.id, descripcion: 'Hora máquina soak', precio: 100, unidad: 'HORA' })
    .returning({ id: costosDet.costo_det_id });
  return {
    machines: machines.map((m) => m.id),
    operatorDnis: dnis,
    supplies: supplies.map((s) => s.id),
    actividad: act.id,
    costoDet: line.id,
  };
}

/** Stock of the soak supplies now, by id. */
export async function stockOf(db: Db, ids: number[]): Promise<Map<number, number>> {
  const rows = await db.select({ id: insumos.id, stock: insumos.stock }).from(insumos).where(inArray(insumos.id, ids));
  return new Map(rows.map((r) => [r.id, Number(r.stock)]));
}

type Call = (method: string, path: string, body?: unknown, token?: string) => Promise<{ status: number; data: unknown }>;

/**
 * The HTTP helper of the soak's setup. The network is not cut here, but the server may drop an answer after its
 * commit: the call is then repeated under the same key, as the outbox does.
 */
export function apiCaller(base: string): Call {
  return async (method, path, body, token) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['idempotency-key'] = randomUUID();
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    let res: Response | null = null;
    for (let attempt = 1; !res; attempt++) {
      try {
        res = await fetch(base + path, init);
      } catch (err) {
        if (attempt >= 5) throw err;
      }
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return { status: res.status, data: text ? (JSON.parse(text) as unknown) : null };
  };
}

export async function login(call: Call, username: string, password: string): Promise<string> {
  return ((await call('POST', '/api/login', { username, password })).data as { access_token: string }).access_token;
}

/** A clerk with the codes to save exits, daily reports, failures and their photos; returns its token. */
export async function createClerk(call: Call, adminToken: string, username: string): Promise<string> {
  const created = await call(
    'POST',
    '/api/usuarios',
    { username, email: `${username}@muni.gob.pe`, estado: 1, full_name: `Usuario ${username}`, editorMode: 'crear' },
    adminToken,
  );
  const id = (created.data as { id: number }).id;
  const roles = [ROLE.salidaNuevo, ROLE.parteDiarioNuevo, ROLE.fallaNuevo, ROLE.fallaEditar];
  await call('PUT', `/api/usuarios/savepermission/${id}`, { id, myChoices: roles }, adminToken);
  await call('PUT', `/api/usuarios/setpwd/${id}`, { id, password: SOAK_PASSWORD, confirmedPassword: SOAK_PASSWORD }, adminToken);
  return login(call, username, SOAK_PASSWORD);
}
