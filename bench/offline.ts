// The PWA's own figures on the built client: the login screen's initial JavaScript (gzip), the warm offline start
// (service worker installed, network cut, reload, time to the list rows) and the outbox replay of 1,000 exits
// queued offline (the app's own sender, back online, on loopback: time and duplicates on the server).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { LABELS } from '@shared/messages';
import { limaToday, login, screenPage, type ScreenRig } from './exits-screen';
import { figure, type Figure } from './figures';

export const LOGIN_JS_GOAL_KB = 120;
export const OFFLINE_START_GOAL_MS = 1000;
export const REPLAY_ITEMS = 1000;
export const REPLAY_GOAL_S = 20;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * The JavaScript the browser downloads before the login screen shows: the entry chunk of index.html, the lazy login
 * page and everything both import statically (Vite's manifest: `imports`, what index.html modulepreloads), gzipped.
 */
export function loginBundle(staticDir: string): { files: string[]; rawKB: number; gzipKB: number } {
  const manifest = JSON.parse(readFileSync(join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  const loginPage = Object.keys(manifest).find((k) => k.endsWith('src/client/app/login-page.tsx'));
  if (!entry || !loginPage) throw new Error('manifest without the index.html entry or the login page chunk');
  const seen = new Set<string>();
  const stack = [entry, loginPage];
  while (stack.length) {
    const key = stack.pop() as string;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const code = readFileSync(join(staticDir, f));
    raw += code.length;
    gz += gzipSync(code, { level: 9 }).length;
  }
  return { files, rawKB: raw / 1024, gzipKB: gz / 1024 };
}

const listRowsShown = (page: Page, n: number) =>
  page
    .getByTestId('table-info')
    .filter({ hasText: LABELS.tableInfo(1, 10, n) })
    .waitFor({ timeout: 180_000 })
    .catch(async (err: unknown) => {
      const info = await page.getByTestId('table-info').allTextContents();
      const heads = await page.getByRole('heading').allTextContents();
      throw new Error(
        `${String(err).split('\n')[0]} at ${page.url()}; table info ${JSON.stringify(info)}; headings ${JSON.stringify(heads)}`,
      );
    });

/** Milliseconds from the navigation's start to the first exit row on screen (polled every frame in the page). */
async function timeToRows(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const row = document.querySelector('table tbody tr:not([aria-hidden]) td:nth-child(2)');
      return row?.textContent?.startsWith('V-') ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Warm offline start, then the outbox replay in the same (controlled, logged-in) tab. */
export async function runOffline(rig: ScreenRig): Promise<Figure[]> {
  const figures: Figure[] = [];
  const bundle = loginBundle(rig.staticDir);
  console.log(
    `\nLogin screen's initial JavaScript: ${bundle.rawKB.toFixed(1)} KB, gzip ${bundle.gzipKB.toFixed(1)} KB in ${bundle.files.length} files (goal ≤ ${LOGIN_JS_GOAL_KB} KB)`,
  );
  figures.push(
    figure(
      'PWA',
      "login screen's initial JavaScript (gzip)",
      bundle.gzipKB,
      'KB',
      { op: '<=', value: LOGIN_JS_GOAL_KB },
      {
        rawKB: bundle.rawKB,
        files: bundle.files.length,
      },
    ),
  );

  const { context, page } = await screenPage(rig, { width: 1280, height: 800 }, 'allow');
  page.setDefaultTimeout(180_000);
  try {
    // Online: log in, open the exits list (its device copy is written), let the service worker take control.
    await login(page);
    await page.getByRole('link', { name: LABELS.menu.salidas }).click();
    await listRowsShown(page, rig.n);
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await listRowsShown(page, rig.n);
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
      throw new Error('the service worker does not control the page');
    // Offline: a warm start is a reload served by the service worker, the list from the device copy.
    await context.setOffline(true);
    const starts: number[] = [];
    for (let k = 0; k < 3; k++) {
      await page.reload({ waitUntil: 'commit' });
      starts.push(await timeToRows(page));
      await listRowsShown(page, rig.n);
    }
    starts.sort((a, b) => a - b);
    const median = starts[1];
    console.log(
      `Warm offline start to the exits list (${rig.n} rows on the device): median ${median.toFixed(0)} ms of 3 (${starts.map((s) => s.toFixed(0)).join(', ')}) (goal < ${OFFLINE_START_GOAL_MS} ms)`,
    );
    figures.push(
      figure(
        'PWA',
        `warm offline start to the exits list (${rig.n} rows)`,
        median,
        'ms',
        { op: '<', value: OFFLINE_START_GOAL_MS },
        { runs: starts },
      ),
    );
    figures.push(...(await replay(rig, page, context.setOffline.bind(context))));
  } catch (err) {
    // A figure that could not be taken is reported as such (null, FAIL) instead of losing the others.
    const error = err instanceof Error ? err.message.split('\n')[0] : String(err);
    console.log(`offline figures not taken: ${error}`);
    if (!figures.some((f) => f.group === 'PWA' && f.name.startsWith('warm offline start'))) {
      figures.push(figure('PWA', 'warm offline start to the exits list', null, 'ms', { op: '<', value: OFFLINE_START_GOAL_MS }, { error }));
    }
    if (!figures.some((f) => f.group === 'outbox')) {
      figures.push(
        figure('outbox', `replay of ${REPLAY_ITEMS} queued exits (loopback)`, null, 's', { op: '<', value: REPLAY_GOAL_S }, { error }),
      );
    }
  } finally {
    await context.close();
  }
  return figures;
}

/**
 * 1,000 exits queued while offline (written to the outbox as the exit form does: one item per exit, its own
 * Idempotency-Key), then the connection comes back and the app's sender sends them one by one.
 */
async function replay(rig: ScreenRig, page: Page, setOffline: (offline: boolean) => Promise<void>): Promise<Figure[]> {
  const db = rig.database.db;
  const one = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows[0];
  const user = await one<{ id: number; full_name: string }>(sql`select id, full_name from usuarios where username = 'admin'`);
  const machine = await one<{ id: number; descripcion: string; placa: string }>(
    sql`select id, descripcion, placa from maquinarias order by id limit 1`,
  );
  const operator = await one<{ operador_id: number; dni: string; nombres: string }>(
    sql`select operador_id, dni, nombres from operadores order by operador_id limit 1`,
  );
  const supply = await one<{ id: number }>(sql`select min(id) as id from insumos`);
  // Enough stock that no exit is refused for it: the figure is the sender's, not the stock rule's.
  await db.execute(sql`update insumos set stock = 1000000 where id = ${supply.id}`);
  const fecha = limaToday();
  const items = Array.from({ length: REPLAY_ITEMS }, (_, k) => {
    const vale = `R-${String(k + 1).padStart(6, '0')}`;
    return {
      url: '/api/salidas',
      label: `Salida vale ${vale}`,
      body: {
        id: null,
        nro_vale: vale,
        fecha,
        maquinaria_id: machine.id,
        operador_id: operator.operador_id,
        operador_dni: operator.dni,
        operador_name: operator.nombres,
        salidas_det: [{ insumo_id: supply.id, cantidad: 1, observacion: null }],
        trash: [],
        editorMode: 'crear',
      },
      meta: { id: null, maquinaria: machine.descripcion, placa: machine.placa },
    };
  });
  // Written straight into the app's IndexedDB outbox (the shape outbox-store.ts's buildItem gives an item).
  await page.evaluate(
    async ({ items, userId, userName }) => {
      const idb = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open('maquinarias');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      const tx = idb.transaction(['outbox', 'meta'], 'readwrite');
      const now = Date.now();
      items.forEach((it, k) => {
        tx.objectStore('outbox').put({
          id: crypto.randomUUID(),
          seq: 1_000_000 + k,
          userId,
          userName,
          resource: 'salidas',
          method: 'POST',
          url: it.url,
          body: it.body,
          label: it.label,
          meta: it.meta,
          upload: null,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: now,
          lastError: null,
          lastStatus: null,
          lastErrors: null,
          createdAt: now,
          updatedAt: now,
          ackedAt: null,
          serverId: null,
        });
      });
      tx.objectStore('meta').put({ key: 'outbox-seq', value: 1_000_000 + items.length });
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      idb.close();
    },
    { items, userId: user.id, userName: user.full_name },
  );
  const t0 = performance.now();
  await setOffline(false);
  // Done when the outbox holds no item still to send (sent ones leave it; refused ones stay, 'rejected').
  const left = () =>
    page.evaluate(
      () =>
        new Promise<{ waiting: number; rejected: number }>((resolve, reject) => {
          const r = indexedDB.open('maquinarias');
          r.onerror = () => reject(r.error);
          r.onsuccess = () => {
            const q = r.result.transaction('outbox').objectStore('outbox').getAll();
            q.onsuccess = () => {
              const all = q.result as { status: string }[];
              r.result.close();
              resolve({
                waiting: all.filter((i) => i.status !== 'rejected').length,
                rejected: all.length - all.filter((i) => i.status !== 'rejected').length,
              });
            };
          };
        }),
    );
  let state = await left();
  const limit = REPLAY_GOAL_S * 1000 * 6;
  while (state.waiting > 0 && performance.now() - t0 < limit) {
    await new Promise((r) => setTimeout(r, 100));
    state = await left();
  }
  const seconds = (performance.now() - t0) / 1000;
  const counts = await one<{ n: number; distinct: number }>(
    sql`select count(*)::int as n, count(distinct nro_vale)::int as distinct from salidas where nro_vale like 'R-%'`,
  );
  const duplicates = counts.n - counts.distinct;
  const lost = REPLAY_ITEMS - counts.distinct - state.rejected;
  console.log(
    `Outbox replay of ${REPLAY_ITEMS} exits queued offline: ${seconds.toFixed(1)} s on loopback (goal < ${REPLAY_GOAL_S} s); ` +
      `${counts.distinct} on the server, ${duplicates} duplicated, ${state.rejected} rejected, ${state.waiting} still waiting, ${lost} lost`,
  );
  return [
    figure(
      'outbox',
      `replay of ${REPLAY_ITEMS} queued exits (loopback)`,
      state.waiting === 0 ? seconds : null,
      's',
      { op: '<', value: REPLAY_GOAL_S },
      {
        onServer: counts.distinct,
        rejected: state.rejected,
        stillWaiting: state.waiting,
      },
    ),
    figure('outbox', 'replay: duplicated exits on the server', duplicates, 'count', { op: '==', value: 0 }),
    figure('outbox', 'replay: lost exits (neither on the server nor rejected)', lost, 'count', { op: '==', value: 0 }),
  ];
}
