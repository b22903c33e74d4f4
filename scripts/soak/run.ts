// The soak (docs/offline-chaos.md): devices running the client's real outbox engine (Dexie on fake-indexeddb) save
// exits, daily reports and failures with photos against the real server over an unreliable network, with the
// server losing some answers after its commit; then every save is checked in the server's database.
import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { decodeToken } from '@client/lib/session';
import { createOfflineDb, type OutboxItem } from '@client/offline/db';
import { createSyncEngine, type SyncEngine } from '@client/offline/sync';
import { memoryLock } from '@client/offline/sync-lock';
import { buildApp } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { chaosFetch, seeded, type CutRates, type CutStats } from './chaos-fetch';
import { apiCaller, createClerk, login, seedFixture, SOAK_STOCK, stockOf } from './fixture';
import { makeOp, type SoakOp } from './ops';
import { serverCounts, type ServerCounts } from './verify';

export interface SoakOptions {
  database: Database;
  config: Config;
  adminPassword: string;
  ops: number;
  devices: number;
  /** Tabs (engines on one Dexie database, one lock) per device. */
  tabs: number;
  seed: number;
  rates: CutRates;
  /** Fraction of committed writes whose answer the server drops (CHAOS_DROP_AFTER_COMMIT). */
  drop: number;
  /** The engine's send timeout; a short one retries while the server still works on the first attempt. */
  timeoutMs?: number;
  /** Give up waiting for the queues after this long. */
  deadlineMs: number;
  log: (line: string) => void;
}

export interface SoakSummary {
  ops: number;
  sent: number;
  rejected: number;
  duplicated: number;
  lost: number;
  /** Rejected on the device yet on the server, stock that moved twice, a rejection without its reason, … */
  inconsistent: number;
  /** Still waiting in an outbox when the soak gave up. */
  stuck: number;
  photosSent: number;
  photosRejected: number;
  unexpectedRejections: number;
  cuts: CutStats;
  seconds: number;
  problems: string[];
}

interface Placed {
  op: SoakOp;
  device: number;
  id: string;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function drainAll(tabs: SyncEngine[][], deadline: number): Promise<void> {
  for (;;) {
    const left = (await Promise.all(tabs.map((d) => d[0].db.outbox.toArray()))).flat().filter((i) => i.status !== 'rejected');
    if (left.length === 0 || Date.now() > deadline) return;
    await Promise.all(tabs.flatMap((d) => d.map((e) => e.flush({ force: true }))));
    await pause(50);
  }
}

function judge(p: Placed, item: OutboxItem | undefined, n: ServerCounts, s: SoakSummary): void {
  const { op } = p;
  const onServer = n.records.get(op.marker) ?? 0;
  const photos = n.photos.get(op.marker) ?? 0;
  const problem = (what: string) => s.problems.push(`${op.kind} ${op.marker}: ${what}`);
  if (onServer > 1) {
    s.duplicated++;
    problem(`${onServer} veces en el servidor`);
    return;
  }
  if (item && item.status !== 'rejected') {
    s.stuck++;
    problem(`sigue en la bandeja (${item.status}, ${item.lastError ?? ''})`);
    return;
  }
  const refusedRecord = item?.status === 'rejected' && item.ackedAt === null;
  if (refusedRecord) {
    if (onServer !== 0) {
      s.inconsistent++;
      problem('rechazado en el dispositivo pero guardado en el servidor');
    } else if (!item.lastError) {
      s.inconsistent++;
      problem('rechazado sin motivo');
    } else {
      s.rejected++;
      if (!op.expectReject) {
        s.unexpectedRejections++;
        problem(`rechazo inesperado: ${item.lastStatus} ${item.lastError}`);
      }
    }
    return;
  }
  if (onServer === 0) {
    s.lost++;
    problem('no está en el servidor ni rechazado en el dispositivo');
    return;
  }
  s.sent++;
  if (op.kind !== 'falla') {
    if (op.expectReject) {
      // An exit above the stock or a report on an unknown cost line stored: the server stopped enforcing a rule.
      s.inconsistent++;
      problem('se esperaba un rechazo y el servidor lo aceptó');
    }
    return;
  }
  if (photos > op.goodPhotos) {
    s.duplicated++;
    problem(`${photos} fotos en el servidor, se enviaron ${op.goodPhotos}`);
  } else if (photos < op.goodPhotos) {
    s.lost++;
    problem(`${photos} fotos en el servidor, faltan ${op.goodPhotos - photos}`);
  }
  s.photosSent += photos;
  if (op.badPhotos > 0) {
    if (item?.status === 'rejected' && item.lastError) s.photosRejected += op.badPhotos;
    else {
      s.inconsistent++;
      problem('la foto rechazada no quedó visible en el dispositivo');
    }
  }
}

export async function runSoak(o: SoakOptions): Promise<SoakSummary> {
  const started = Date.now();
  const config = { ...o.config, CHAOS_DROP_AFTER_COMMIT: o.drop > 0 ? String(o.drop) : undefined };
  const app = await buildApp(config, { database: o.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const cuts: CutStats = { before: 0, half: 0, after: 0, requests: 0, replayed: 0 };
  const engines: SyncEngine[][] = [];
  try {
    const random = seeded(o.seed);
    const tag = String(o.seed % 10_000).padStart(4, '0') + String(Date.now() % 1000).padStart(3, '0');
    const fixture = await seedFixture(o.database.db, tag);
    const call = apiCaller(base);
    const admin = await login(call, 'admin', o.adminPassword);
    const fetchImpl = chaosFetch(o.rates, random, cuts);
    for (let d = 0; d < o.devices; d++) {
      const token = await createClerk(call, admin, `soak.${tag}.${d}`);
      const session = decodeToken(token);
      const lock = memoryLock();
      const dbName = `soak-${tag}-${d}`;
      engines.push(
        Array.from({ length: o.tabs }, () =>
          createSyncEngine({
            db: createOfflineDb(dbName),
            getToken: () => token,
            getSession: () => session,
            onUnauthorized: () => o.log(`401 inesperado en el dispositivo ${d}`),
            fetchImpl,
            lock,
            baseUrl: () => base,
            timeoutMs: o.timeoutMs ?? 15_000,
            random,
            isOnline: () => true,
            channel: null,
          }),
        ),
      );
    }
    o.log(`servidor ${base}; ${o.devices} dispositivos × ${o.tabs} pestañas; ${o.ops} operaciones`);
    const placed: Placed[] = [];
    // Each device's clerk saves one record after another; after each save a flush is tried (sometimes awaited,
    // sometimes not, like a clerk who goes on typing), so flushes and saves overlap.
    await Promise.all(
      engines.map(async (tabs, d) => {
        for (let n = d; n < o.ops; n += o.devices) {
          // Each operation from its own stream (the seed and its number): which saves are meant to be refused does
          // not depend on how the devices, the cuts and the retries interleave, so a seed always makes the same saves.
          const op = makeOp(n, tag, fixture, seeded(o.seed * 1_000 + n));
          const tab = tabs[Math.floor(random() * tabs.length)];
          const item = await tab.add(op.input);
          placed.push({ op, device: d, id: item.id });
          const flushing = tab.flush({ force: true });
          if (random() < 0.5) await flushing;
          if (placed.length % 100 === 0) o.log(`${placed.length}/${o.ops} guardadas, ${cuts.requests} envíos`);
        }
      }),
    );
    await drainAll(engines, started + o.deadlineMs);
    for (const tabs of engines) for (const e of tabs) e.stop();
    const counts = await serverCounts(o.database.db, tag);
    const s: SoakSummary = {
      ops: placed.length,
      sent: 0,
      rejected: 0,
      duplicated: 0,
      lost: 0,
      inconsistent: 0,
      stuck: 0,
      photosSent: 0,
      photosRejected: 0,
      unexpectedRejections: 0,
      cuts,
      seconds: 0,
      problems: [],
    };
    for (const p of placed) judge(p, await engines[p.device][0].db.outbox.get(p.id), counts, s);
    // Stock moved exactly once per accepted exit line.
    const after = await stockOf(o.database.db, fixture.supplies);
    for (const id of fixture.supplies) {
      const moved = Math.round((SOAK_STOCK - (after.get(id) ?? 0)) * 100);
      const expected = Math.round((counts.issued.get(id) ?? 0) * 100);
      if (moved !== expected) {
        s.inconsistent++;
        s.problems.push(`insumo ${id}: el stock bajó ${moved / 100}, las salidas suman ${expected / 100}`);
      }
    }
    s.seconds = Math.round((Date.now() - started) / 100) / 10;
    return s;
  } finally {
    for (const tabs of engines) for (const e of tabs) e.stop();
    await app.close();
  }
}
