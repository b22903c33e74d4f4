// The exits list as a tablet receives it: `POST /api/salidas/list` for 10,000 exits through a real HTTP socket,
// plain, with `Accept-Encoding: gzip` and with `br, gzip`, against PostgreSQL building the same JSON text itself
// (the floor, EXITS_AS_JSON). Rounds interleave the floor and the three requests so a busy machine slows them alike;
// each figure is the median of the rounds. Then the cost and size of every brotli and gzip level on that text, the
// measurement behind the levels of src/server/lib/compression.ts.
import { request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzip } from 'node:zlib';
import { ALL_CODES } from '@shared/auth/permissions';
import type { Db } from '../src/server/db/client';
import setupTemplate from '../tests/server/global-setup';
import { createTestApp, createUser } from '../tests/server/helpers';
import { figure, type Figure } from './figures';
import { EXITS_AS_JSON, EXITS_YEAR, generate } from './warehouse';

/** Most the list may take, with any encoding, against the floor. */
const RATIO_GOAL = 1.5;
const ROUNDS = 15;
const WARM_UP = 2;
/** The tablet's link when choosing a level: the office LAN the login bench simulates. */
const TABLET_MBIT = 50;

const ENCODINGS = [
  { label: 'plain', header: undefined },
  { label: 'gzip', header: 'gzip' },
  { label: 'br, gzip', header: 'br, gzip' },
] as const;

interface Answer {
  encoding: string | undefined;
  body: Buffer;
}

/** One POST of `{}` over a kept-alive socket; the whole answer as bytes. */
function post(port: number, agent: Agent, token: string, path: string, acceptEncoding: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode !== 200) reject(new Error(`${path}: HTTP ${res.statusCode} ${body.toString().slice(0, 200)}`));
        else resolve({ encoding: res.headers['content-encoding'], body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(EXITS_YEAR));
  });
}

function decode(a: Answer): string {
  const raw = a.encoding === 'br' ? brotliDecompressSync(a.body) : a.encoding === 'gzip' ? gunzipSync(a.body) : a.body;
  return raw.toString('utf8');
}

async function floorText(db: Db): Promise<string> {
  const r = (await db.execute(EXITS_AS_JSON)) as unknown as { rows: { json: string }[] };
  return r.rows[0].json;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU milliseconds (this process and its thread pool) of `f`, median of `runs`. */
async function cpuMs(f: () => Promise<unknown>, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    await f();
    const c = process.cpuUsage(c0);
    times.push((c.user + c.system) / 1000);
  }
  return median(times);
}

/** Every brotli quality up to 5 and gzip level up to 6 on `text`: CPU ms and compressed KB. */
async function levels(text: string): Promise<{ name: string; ms: number; kb: number }[]> {
  const body = Buffer.from(text);
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  const out: { name: string; ms: number; kb: number }[] = [];
  for (const q of [1, 2, 3, 4, 5]) {
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: q,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    };
    const size = (await br(body, { params })).length;
    out.push({ name: `brotli quality ${q}`, ms: await cpuMs(() => br(body, { params })), kb: size / 1024 });
  }
  for (const level of [1, 2, 3, 4, 5, 6]) {
    const size = (await gz(body, { level })).length;
    out.push({ name: `gzip level ${level}`, ms: await cpuMs(() => gz(body, { level })), kb: size / 1024 });
  }
  return out;
}

/** The part `lists`: on PostgreSQL when BENCH_DATABASE_URL is set (the goal is judged there), else on PGlite. */
export async function runLists(): Promise<Figure[]> {
  const url = process.env.BENCH_DATABASE_URL;
  const label = url ? 'PostgreSQL' : 'PGlite';
  const group = `lists (${label})`;
  if (url) process.env.TEST_DATABASE_URL = url;
  else delete process.env.TEST_DATABASE_URL;
  const teardown = await setupTemplate();
  try {
    const t = await createTestApp();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const counts = await generate(t.database.db);
      const { token } = await createUser(t, ALL_CODES);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const path = '/api/salidas/list';

      const floor = await floorText(t.database.db);
      const bytes: Record<string, number> = {};
      for (const e of ENCODINGS) {
        const a = await post(port, agent, token, path, e.header);
        if (decode(a) !== floor) throw new Error(`exits list (${e.label}): the answer differs from the JSON PostgreSQL builds`);
        bytes[e.label] = a.body.length;
      }

      const times: Record<string, number[]> = { floor: [] };
      for (let i = 0; i < WARM_UP + ROUNDS; i++) {
        const keep = i >= WARM_UP;
        let t0 = performance.now();
        await floorText(t.database.db);
        if (keep) times.floor.push(performance.now() - t0);
        for (const e of ENCODINGS) {
          t0 = performance.now();
          await post(port, agent, token, path, e.header);
          if (keep) (times[e.label] ??= []).push(performance.now() - t0);
        }
      }

      const floorMs = median(times.floor);
      console.log(
        `\n${label}: ${counts.exits} exits; POST ${path} {} over HTTP against the same JSON built by PostgreSQL ` +
          `(${(floor.length / 1e6).toFixed(2)} MB), median of ${ROUNDS} interleaved rounds`,
      );
      console.log(`floor (SQL builds the JSON text): ${floorMs.toFixed(1)} ms`);
      const figures: Figure[] = [
        figure(group, 'floor: PostgreSQL builds the exits JSON', floorMs, 'ms', undefined, { bytes: floor.length }),
      ];
      for (const e of ENCODINGS) {
        const ms = median(times[e.label]);
        const ratio = ms / floorMs;
        const verdict = ratio <= RATIO_GOAL ? 'within' : 'ABOVE';
        console.log(
          `exits list, ${e.label.padEnd(8)}: ${ms.toFixed(1).padStart(7)} ms, ${(bytes[e.label] / 1024).toFixed(0).padStart(5)} KB, ` +
            `${ratio.toFixed(2)}× the floor (${verdict} the ${RATIO_GOAL}× goal)`,
        );
        figures.push(
          figure(
            group,
            `exits list (${e.label}) against the floor`,
            ratio,
            '×',
            { op: '<=', value: RATIO_GOAL },
            {
              endpointMs: ms,
              floorMs,
              bytes: bytes[e.label],
            },
          ),
        );
      }

      console.log(
        '\nCompression of that JSON, one call each (CPU ms of this process and its thread pool, median of 7), and that CPU' +
          ` plus sending the result to a tablet at ${TABLET_MBIT} Mbit/s (the LAN of the login bench); * marks the least of each:`,
      );
      const all = await levels(floor);
      const toTablet = (l: (typeof all)[number]) => l.ms + (l.kb * 1024 * 8 * 1000) / (TABLET_MBIT * 1e6);
      const best = (prefix: string) => all.filter((l) => l.name.startsWith(prefix)).reduce((a, b) => (toTablet(b) < toTablet(a) ? b : a));
      const marked = [best('brotli'), best('gzip')];
      for (const l of all) {
        console.log(
          `${l.name.padEnd(17)}: ${l.ms.toFixed(1).padStart(6)} ms, ${l.kb.toFixed(0).padStart(5)} KB, ` +
            `${toTablet(l).toFixed(1).padStart(6)} ms to the tablet${marked.includes(l) ? ' *' : ''}`,
        );
        figures.push(figure(group, `compress the exits JSON, ${l.name}`, l.ms, 'ms', undefined, { kb: l.kb, toTabletMs: toTablet(l) }));
      }
      return figures;
    } finally {
      agent.destroy();
      await t.close();
    }
  } finally {
    await teardown();
  }
}
