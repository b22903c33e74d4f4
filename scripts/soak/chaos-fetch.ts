// The soak's unreliable network: a fetch that, at random, fails before sending, sends a multipart upload only half
// way and then breaks the connection, or lets the server commit and then loses its answer.
import { request } from 'node:http';

export interface CutRates {
  /** The request never leaves the device. */
  before: number;
  /** A file upload stops half way (the server got part of the body, then the connection broke). */
  half: number;
  /** The server answered, the answer never arrived. */
  after: number;
}

export interface CutStats {
  before: number;
  half: number;
  after: number;
  requests: number;
  replayed: number;
}

const cut = (what: string) => new TypeError(`fetch failed (soak: ${what})`);

/** Writes half of a multipart body to the server, then destroys the socket. */
async function halfUpload(url: string, init: RequestInit): Promise<void> {
  const req = new Request(url, init);
  const bytes = Buffer.from(await req.arrayBuffer());
  const headers = Object.fromEntries(req.headers.entries());
  await new Promise<void>((resolve) => {
    const r = request(url, { method: init.method, headers: { ...headers, 'content-length': String(bytes.length) } });
    r.on('error', () => resolve());
    r.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => {
      // Give the server a moment to start reading the body before the connection dies.
      setTimeout(() => {
        r.destroy();
        resolve();
      }, 20);
    });
  });
}

export function chaosFetch(rates: CutRates, random: () => number, stats: CutStats): typeof fetch {
  return async (input, init = {}) => {
    stats.requests++;
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (random() < rates.before) {
      stats.before++;
      throw cut('cut before sending');
    }
    if (init.body instanceof FormData && random() < rates.half) {
      stats.half++;
      await halfUpload(url, init);
      throw cut('upload cut half way');
    }
    const res = await fetch(input, init);
    if (random() < rates.after) {
      await res.arrayBuffer().catch(() => undefined);
      stats.after++;
      throw cut('answer lost');
    }
    if (res.headers.get('idempotency-replayed') === 'true') stats.replayed++;
    return res;
  };
}

/** mulberry32: a small seeded generator, so a soak run can be repeated with the same choices. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
