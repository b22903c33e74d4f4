// `npm run load`: the real server on PostgreSQL under 50 clerks posting exits and 10 users
// reading lists for LOAD_SECONDS (60 by default), driven by autocannon on loopback only. Prints p50/p95 latency
// and throughput per scenario, checks that every refusal is the expected stock refusal, then reconciles every
// supply's stock with its kardex and counts the exits stored against the 201 answers. `runLoad(opts)` returns
// the figures for the benchmark runner (bench/run.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MENU, ROLE } from '@shared/auth/permissions';
import { limaDate } from '@shared/domain/dates';
import { openPostgres } from '../src/server/db/client';
import { rowsOf } from '../src/server/lib/sql';
import { dbUrl } from '../tests/server/global-setup';
import { entryBody, seedOrder, type OrderItemSeed } from '../tests/server/fixtures';

export interface LoadOptions {
  /** How long the load runs, in seconds (LOAD_SECONDS, default 60). */
  seconds?: number;
  clerks?: number;
  readers?: number;
  /** PostgreSQL server (LOAD_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); must be loopback. */
  databaseUrl?: string;
  /** The throw-away database made on it (dropped and made again at the start; LOAD_DATABASE_NAME, default load_bench). */
  databaseName?: string;
  /** Share of exits that ask for far more than the stock (answered 409). */
  overStockShare?: number;
  log?: (line: string) => void;
}

export interface ScenarioFigures {
  name: string;
  connections: number;
  requests: number;
  perSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
}

export interface LoadFigures {
  seconds: number;
  database: string;
  exits: ScenarioFigures & { accepted: number; stockRefusals: number; overStockSent: number };
  reads: ScenarioFigures;
  /** Anything other than a 2xx or an expected stock refusal, and socket errors or timeouts. */
  unexpected: string[];
  reconcile: {
    supplies: number;
    mismatches: { insumo_id: number; stock: number; kardex: number }[];
    /** Stocked supplies whose stock did not move by exactly the quantity of the exits stored (must be none). */
    unbalanced: { insumo_id: number; moved: number; issued: number }[];
    storedExits: number;
    /** Vouchers stored more than once (each request had its own: must be 0). */
    duplicated: number;
    /** 201 answers whose exit is not stored (must be 0). */
    missing: number;
    /** Exits above the stock that were stored (must be 0). */
    overAccepted: number;
    /** Stored exits whose answer the end of the run cut off. */
    cutAtEnd: number;
  };
  ok: boolean;
  failures: string[];
}

const PASSWORD = 'Carga-2026-clave';
const STOCKED = 40;
const STOCK_EACH = 1_000_000;
const OVER_STOCK = STOCK_EACH * 5;
const ORDER_ID = 990_001;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host) && !host.startsWith('127.')) {
    throw new Error(`La prueba de carga solo se ejecuta contra este equipo (127.0.0.1), no contra ${host}`);
  }
}

async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return dbUrl(serverUrl, name);
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => admin.end());
}

/** `node src/server/main.ts` on the database: it migrates and seeds the demo data the way `npm start` does. */
async function startServer(databaseUrl: string, port: number): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'demo',
      DEFAULT_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      TLS_MODE: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const end = Date.now() + 300_000;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó con código ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error('el servidor no respondió a /api/health');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function api<T>(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['idempotency-key'] = randomUUID();
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A user made the way the Users screen makes one (create, permissions, password), then logged in. */
async function userWith(base: string, admin: string, username: string, roles: number[]): Promise<string> {
  const u = await api<{ id: number }>(base, admin, 'POST', '/api/usuarios', {
    username,
    email: `${username}@muni.gob.pe`,
    estado: 1,
    full_name: `Usuario ${username}`,
    editorMode: 'crear',
  });
  await api(base, admin, 'PUT', `/api/usuarios/savepermission/${u.id}`, { id: u.id, myChoices: roles });
  await api(base, admin, 'PUT', `/api/usuarios/setpwd/${u.id}`, { id: u.id, password: PASSWORD });
  return (await api<{ access_token: string }>(base, null, 'POST', '/api/login', { username, password: PASSWORD })).access_token;
}

async function inBatches<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function figures(
  name: string,
  connections: number,
  seconds: number,
  latencies: number[],
  statuses: Record<string, number>,
): ScenarioFigures {
  const sorted = latencies.slice().sort((a, b) => a - b);
  return {
    name,
    connections,
    requests: sorted.length,
    perSecond: sorted.length / seconds,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted[sorted.length - 1] ?? 0,
    statuses,
  };
}

const STOCK_REFUSAL = /^Cantidad no disponible: el insumo /;

/** One autocannon run; every answer's status and time (ms) go to `seen`. */
function cannon(opts: autocannon.Options, seen: (status: number, ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, status, _bytes, ms) => seen(status, ms));
  });
}

export async function runLoad(opts: LoadOptions = {}): Promise<LoadFigures> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const seconds = opts.seconds ?? (Number(process.env.LOAD_SECONDS) || 60);
  const clerks = opts.clerks ?? 50;
  const readers = opts.readers ?? 10;
  const overStockShare = opts.overStockShare ?? 0.05;
  const serverUrl = opts.databaseUrl ?? process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = opts.databaseName ?? process.env.LOAD_DATABASE_NAME ?? 'load_bench';
  assertLoopback(serverUrl);
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Nombre de base no válido para la carga: ${name}`);

  const url = await recreateDatabase(serverUrl, name);
  const t0 = performance.now();
  const { child, base } = await startServer(url, await freePort());
  const database = await openPostgres(url);
  try {
    log(
      `Carga: servidor en ${base} sobre PostgreSQL (${name}), migrado y con datos de demostración en ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const admin = (await api<{ access_token: string }>(base, null, 'POST', '/api/login', { username: 'admin', password: PASSWORD }))
      .access_token;

    // Stock for the clerks: a purchase order of the logistics system (its mirror table) for 20 seeded supplies,
    // received through the entries API like the warehouse does.
    const supplies = (
      await api<{ id: number; insumo_codigo: string; insumo_name: string; unimed: string }[]>(base, admin, 'GET', '/api/insumos')
    )
      .filter((s) => s.insumo_codigo)
      .slice(0, STOCKED);
    if (supplies.length < 5) throw new Error('la semilla de demostración no tiene insumos suficientes');
    const items: OrderItemSeed[] = supplies.map((s) => ({
      insumo_codigo: s.insumo_codigo,
      insumo_name: s.insumo_name,
      cantidad: STOCK_EACH,
      unimed: s.unimed || 'UND',
    }));
    const year = Number(limaDate().slice(0, 4));
    await seedOrder(database.db, { orden_id: ORDER_ID, nro: String(ORDER_ID), anio: year, items });
    await api(base, admin, 'POST', '/api/ingresos', { ...entryBody(String(ORDER_ID), year, items), fecha: limaDate() });
    const stockedIds = supplies.map((s) => s.id);
    const cents = (x: number | string) => Math.round(Number(x) * 100);
    const stockOf = async () =>
      new Map(
        (
          await rowsOf<{ id: number; stock: string }>(
            database.db,
            sql`select id, stock::text as stock from insumos where id in (${sql.join(
              stockedIds.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          )
        ).map((r) => [r.id, cents(r.stock)]),
      );
    const stockBefore = await stockOf();

    const machines = (await api<{ id: number }[]>(base, admin, 'GET', '/api/maquinarias')).map((m) => m.id);
    const operators = (await api<{ dni: string }[]>(base, admin, 'GET', '/api/operadores'))
      .map((o) => o.dni)
      .filter((d) => /^\d{8}$/.test(d));
    if (!machines.length || !operators.length) throw new Error('la semilla de demostración no tiene máquinas u operadores');

    const u0 = performance.now();
    const clerkTokens = await inBatches(clerks, 4, (i) =>
      userWith(base, admin, `carga.almacen${i + 1}`, [MENU.almacen, MENU.salidas, ROLE.salidaNuevo]),
    );
    const readerTokens = await inBatches(readers, 4, (i) =>
      userWith(base, admin, `carga.consulta${i + 1}`, [MENU.almacen, MENU.salidas, MENU.movimientos, MENU.ingresos]),
    );
    log(`Carga: ${clerks} almaceneros y ${readers} lectores creados y con sesión en ${((performance.now() - u0) / 1000).toFixed(1)} s`);

    const today = limaDate();
    const monthStart = `${today.slice(0, 8)}01`;
    const unexpected: string[] = [];
    const note = (what: string) => {
      if (unexpected.length < 50) unexpected.push(what);
    };

    // --- 50 clerks, each its own connection and token (one autocannon per user); every exit has its own
    // Idempotency-Key and voucher number. A share of them asks for five times the stock (409 expected).
    let exitSeq = 0;
    let overStockSent = 0;
    let stockRefusals = 0;
    const acceptedVales: string[] = [];
    const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)];
    const exitBody = () => {
      const lines = new Map<number, number>();
      const n = 1 + Math.floor(Math.random() * 3);
      while (lines.size < n) lines.set(pick(supplies).id, Math.round((0.5 + Math.random() * 4.5) * 2) / 2);
      const over = Math.random() < overStockShare;
      if (over) {
        overStockSent++;
        lines.set([...lines.keys()][0], OVER_STOCK);
      }
      return {
        nro_vale: `CARGA-${++exitSeq}`,
        fecha: today,
        maquinaria_id: pick(machines),
        operador_dni: pick(operators),
        salidas_det: [...lines].map(([insumo_id, cantidad]) => ({
          insumo_id,
          cantidad,
          observacion: over ? 'Pedido mayor que el stock' : null,
        })),
        trash: [],
        editorMode: 'crear',
      };
    };
    const exitLatencies: number[] = [];
    const exitStatuses: Record<string, number> = {};
    const countExit = (status: number, ms: number) => {
      exitLatencies.push(ms);
      exitStatuses[status] = (exitStatuses[status] ?? 0) + 1;
    };
    const exitRequest: autocannon.Request = {
      method: 'POST',
      path: '/api/salidas',
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'idempotency-key': randomUUID() }, body: JSON.stringify(exitBody()) }),
      onResponse: (status, body) => {
        if (status === 201) acceptedVales.push((JSON.parse(body) as { nro_vale: string }).nro_vale);
        else if (status === 409 && STOCK_REFUSAL.test((JSON.parse(body) as { message?: string }).message ?? '')) stockRefusals++;
        else note(`salida ${status}: ${body.slice(0, 200)}`);
      },
    };

    // --- 10 readers: the lists a supervisor keeps open (exits and entries of the month, supplies, one kardex).
    const readLatencies: number[] = [];
    const readStatuses: Record<string, number> = {};
    const countRead = (status: number, ms: number) => {
      readLatencies.push(ms);
      readStatuses[status] = (readStatuses[status] ?? 0) + 1;
    };
    const lists: { method: 'GET' | 'POST'; path: string; body?: string }[] = [
      { method: 'POST', path: '/api/salidas/list', body: JSON.stringify({ fini: monthStart, ffin: today }) },
      { method: 'GET', path: '/api/insumos' },
      { method: 'POST', path: '/api/movimientos/list', body: JSON.stringify({ insumo_id: supplies[0].id, limit: 200 }) },
      { method: 'POST', path: '/api/ingresos/list', body: JSON.stringify({ fini: monthStart, ffin: today }) },
    ];
    const readRequests: autocannon.Request[] = lists.map((r) => ({
      ...r,
      onResponse: (status: number, body: string) => {
        if (status !== 200) note(`lectura ${r.path} ${status}: ${body.slice(0, 200)}`);
      },
    }));

    const session = (token: string, extra: Record<string, string> = {}) => ({
      url: base,
      connections: 1,
      duration: seconds,
      timeout: 30,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...extra },
    });
    log(`Carga: ${clerks} almaceneros registrando salidas y ${readers} lectores de listas durante ${seconds} s…`);
    const results = await Promise.all([
      ...clerkTokens.map((token) => cannon({ ...session(token), requests: [exitRequest] }, countExit)),
      ...readerTokens.map((token) => cannon({ ...session(token, { 'accept-encoding': 'gzip' }), requests: readRequests }, countRead)),
    ]);
    const sum = (key: 'errors' | 'timeouts' | '5xx') => results.reduce((n, r) => n + r[key], 0);
    if (sum('errors') > 0) note(`${sum('errors')} errores de conexión`);
    if (sum('timeouts') > 0) note(`${sum('timeouts')} peticiones sin respuesta en 30 s`);
    if (sum('5xx') > 0) note(`${sum('5xx')} respuestas 5xx`);
    // Requests cut by the end of the run may still commit: let them finish before counting.
    await new Promise((r) => setTimeout(r, 3000));

    // --- After: every supply's stock is the sum of its kardex, and every 201 is exactly one stored exit.
    const mismatches = await rowsOf<{ insumo_id: number; stock: number; kardex: number }>(
      database.db,
      sql`
        select i.id as insumo_id, i.stock::float8 as stock, coalesce(sum(m.ingreso - m.salida), 0)::float8 as kardex
        from insumos i left join movimientos m on m.insumo_id = i.id
        group by i.id, i.stock
        having i.stock <> coalesce(sum(m.ingreso - m.salida), 0)
        order by i.id`,
    );
    const [{ supplies: supplyCount }] = await rowsOf<{ supplies: number }>(database.db, sql`select count(*)::int as supplies from insumos`);
    const storedVales = await rowsOf<{ nro_vale: string; n: number; over: boolean }>(
      database.db,
      sql`select s.nro_vale, count(distinct s.id)::int as n, bool_or(d.cantidad >= ${OVER_STOCK}) as over
          from salidas s join salidas_det d on d.salida_id = s.id
          where s.nro_vale like 'CARGA-%' group by s.nro_vale`,
    );
    const stored = new Map(storedVales.map((v) => [v.nro_vale, v]));
    // Every stocked supply went down by exactly what the stored exits issued, no more and no less.
    const issued = new Map(
      (
        await rowsOf<{ insumo_id: number; q: string }>(
          database.db,
          sql`select d.insumo_id, sum(d.cantidad)::text as q from salidas_det d join salidas s on s.id = d.salida_id
              where s.nro_vale like 'CARGA-%' group by d.insumo_id`,
        )
      ).map((r) => [r.insumo_id, cents(r.q)]),
    );
    const stockAfter = await stockOf();
    const unbalanced = stockedIds
      .map((id) => ({
        insumo_id: id,
        moved: ((stockBefore.get(id) ?? 0) - (stockAfter.get(id) ?? 0)) / 100,
        issued: (issued.get(id) ?? 0) / 100,
      }))
      .filter((x) => x.moved !== x.issued);
    const accepted = acceptedVales.length;
    const duplicated = storedVales.filter((v) => v.n > 1).length;
    const missing = acceptedVales.filter((v) => !stored.has(v)).length;
    const overAccepted = storedVales.filter((v) => v.over).length;
    // Stored without a 201 seen: the answer of a request the end of the run cut (at most one per clerk).
    const cutAtEnd = storedVales.length - accepted + missing;

    const result: LoadFigures = {
      seconds,
      database: 'PostgreSQL',
      exits: {
        ...figures('salidas (POST /api/salidas)', clerks, seconds, exitLatencies, exitStatuses),
        accepted,
        stockRefusals,
        overStockSent,
      },
      reads: figures('lecturas de listas', readers, seconds, readLatencies, readStatuses),
      unexpected,
      reconcile: {
        supplies: supplyCount,
        mismatches,
        unbalanced,
        storedExits: storedVales.length,
        duplicated,
        missing,
        overAccepted,
        cutAtEnd,
      },
      ok: false,
      failures: [],
    };
    if (unexpected.length) result.failures.push(`${unexpected.length} respuestas o errores inesperados`);
    if (mismatches.length) result.failures.push(`${mismatches.length} insumos cuyo stock no cuadra con el kardex`);
    if (unbalanced.length) result.failures.push(`${unbalanced.length} insumos cuyo stock no bajó lo que suman sus salidas guardadas`);
    if (duplicated) result.failures.push(`${duplicated} vales guardados más de una vez`);
    if (missing) result.failures.push(`${missing} salidas respondidas con 201 que no están guardadas`);
    if (overAccepted) result.failures.push(`${overAccepted} salidas mayores que el stock aceptadas`);
    if (cutAtEnd > clerks) result.failures.push(`${cutAtEnd} salidas guardadas sin respuesta vista (más que almaceneros)`);
    if (accepted === 0) result.failures.push('ninguna salida aceptada');
    if (stockRefusals === 0 && overStockSent > clerks) result.failures.push('ninguna salida mayor que el stock fue rechazada');
    result.ok = result.failures.length === 0;
    return result;
  } finally {
    await database.close();
    await stopServer(child);
    if (!process.env.LOAD_KEEP_DB) await dropDatabase(serverUrl, name).catch(() => undefined);
  }
}

export function printLoad(r: LoadFigures, log: (line: string) => void = console.log): void {
  const head = ['escenario', 'conex', 'peticiones', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms'];
  const cells = (s: ScenarioFigures) => [
    s.name,
    String(s.connections),
    String(s.requests),
    s.perSecond.toFixed(1),
    s.p50Ms.toFixed(0),
    s.p95Ms.toFixed(0),
    s.p99Ms.toFixed(0),
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...[r.exits, r.reads].map((s) => cells(s)[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join(' | ');
  const row = (s: ScenarioFigures) => line(cells(s));
  log(`\nCarga durante ${r.seconds} s sobre ${r.database}:`);
  log(line(head));
  log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  log(row(r.exits));
  log(row(r.reads));
  log(
    `salidas: ${r.exits.accepted} aceptadas (201), ${r.exits.stockRefusals} rechazadas por stock (409) de ${r.exits.overStockSent} enviadas por encima del stock; ` +
      `códigos ${JSON.stringify(r.exits.statuses)}; lecturas: códigos ${JSON.stringify(r.reads.statuses)}`,
  );
  log(
    `conciliación: ${r.reconcile.supplies} insumos, ${r.reconcile.mismatches.length} con stock distinto del kardex, ` +
      `${r.reconcile.unbalanced.length} cuyo stock no bajó lo que suman sus salidas; ` +
      `${r.reconcile.storedExits} salidas guardadas para ${r.exits.accepted} respuestas 201 (${r.reconcile.cutAtEnd} cortadas por el fin de la prueba), ` +
      `${r.reconcile.duplicated} duplicadas, ${r.reconcile.missing} perdidas, ${r.reconcile.overAccepted} mayores que el stock aceptadas`,
  );
  for (const m of r.reconcile.mismatches.slice(0, 10)) log(`  insumo ${m.insumo_id}: stock ${m.stock}, kardex ${m.kardex}`);
  for (const m of r.reconcile.unbalanced.slice(0, 10))
    log(`  insumo ${m.insumo_id}: el stock bajó ${m.moved}, las salidas suman ${m.issued}`);
  for (const u of r.unexpected.slice(0, 10)) log(`  inesperado: ${u}`);
  log(r.ok ? 'Resultado: correcto' : `Resultado: FALLA (${r.failures.join('; ')})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runLoad()
    .then((r) => {
      printLoad(r);
      process.exit(r.ok ? 0 : 1);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
