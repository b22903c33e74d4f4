// Times GET requests through app.inject the way every screen bench does: twice to warm up, then `runs` times; each
// case's answer size, median and slowest time. A refusal or an error answer stops the bench with its status.
import type { FastifyInstance } from 'fastify';

export interface GetTiming {
  name: string;
  bytes: number;
  median: number;
  p95: number;
}

export async function timeGets(
  app: FastifyInstance,
  token: string,
  cases: readonly { name: string; url: string }[],
  runs: number,
): Promise<GetTiming[]> {
  const out: GetTiming[] = [];
  for (const c of cases) {
    const once = async () => {
      const res = await app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${c.name}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.rawPayload.length;
    };
    await once();
    await once();
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      bytes = await once();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    out.push({ name: c.name, bytes, median: times[Math.floor(times.length / 2)], p95: times[times.length - 1] });
  }
  return out;
}
