// How answers travel compressed. The levels were chosen by measurement on a list of 10,000 exits (3.1 MB of JSON;
// `npm run bench -- --only=lists` prints every level's CPU, size, and CPU plus sending at 50 Mbit/s, the least of
// which picks the level): brotli quality 2 gives 163 KB for about 11 ms of CPU where the default 4 gives 145 KB for
// 15-26 ms, and gzip level 3 gives 265 KB for about 10 ms where the default 6 gives 215 KB for 24 ms. A list's text is
// compressed in one call on the thread pool (`compressText`), not through a stream of 16 KB pieces: the same bytes,
// less wall time on a busy 2-core server.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** Answers smaller than this travel as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD = 1024;

const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 3;

/** The encodings the server writes, in its order of preference for a client that accepts both equally. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

const brotliOptions = (sizeHint = 0): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint,
  },
});
const zlibOptions: ZlibOptions = { level: GZIP_LEVEL };

/** The options of @fastify/compress for every other answer (objects, the app's files): the same levels. */
export const compressPluginOptions = {
  global: true,
  threshold: COMPRESS_THRESHOLD,
  encodings: [...ENCODINGS],
  brotliOptions: brotliOptions(),
  zlibOptions,
};

/**
 * The encoding to answer with for an Accept-Encoding header, or null for none: the accepted one with the highest
 * q (a q of 0 refuses it; `*` stands for any not named; `x-gzip` is gzip), brotli first on a tie.
 */
export function pickEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const e of ENCODINGS) {
    const v = q.get(e) ?? q.get('*') ?? 0;
    if (v > bestQ) [best, bestQ] = [e, v];
  }
  return best;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `body` compressed with `encoding` at the measured level, in one call off the main thread. */
export function compressText(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions(body.length)) : gzipAsync(body, zlibOptions);
}
