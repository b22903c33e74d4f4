// Serves the built PWA with an index.html fallback for navigations (never for /api).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(async function staticFiles(app: FastifyInstance, opts: { root: string }) {
  const root = resolve(opts.root);
  if (!existsSync(resolve(root, 'index.html'))) {
    app.log.warn(`No se encontró la aplicación compilada en ${root}; ejecute npm run build`);
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    setHeaders(res, path) {
      if (path.endsWith('sw.js') || path.endsWith('index.html') || path.endsWith('.webmanifest')) {
        res.header('Cache-Control', 'no-cache');
      } else if (path.includes('/assets/')) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  // The index.html fallback of client routes lives in the errors plugin's not-found handler.
});
