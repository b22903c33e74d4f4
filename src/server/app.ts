// buildApp(config): the Fastify instance with every plugin and module; used by main.ts and the tests.
import { readFileSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operacionesApi } from '@shared/contract/operaciones';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { batchScope } from './lib/batch-item';
import { compressPluginOptions } from './lib/compression';
import { loggerOptions, type LogDestination } from './lib/log-options';
import accessLog from './plugins/access-log';
import authPlugin from './plugins/auth';
import changePlugin from './plugins/change';
import chaosPlugin, { parseChaosMode } from './plugins/chaos';
import refusalsPlugin from './plugins/refusals';
import errorsPlugin from './plugins/errors';
import staticPlugin from './plugins/static';
import securityHeaders from './plugins/security-headers';
import { modules } from './modules/index';
import { route } from './lib/route';
import { acceptEmptyJson } from './lib/empty-json';
import { httpsSetup, type CertificateInfo } from './ops/https';

z.config(z.locales.es());

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
    certificate: () => CertificateInfo;
  }
}

export interface BuildOptions {
  database: Database;
  logger?: boolean;
  /** With `logger`: write the log lines here instead of stdout (tests). */
  logStream?: LogDestination;
  /** Serve the built PWA from config.STATIC_DIR (off in API tests). */
  serveStatic?: boolean;
  /** HTTPS certificate and key made by the server (TLS_MODE=local); otherwise TLS_CERT_FILE/TLS_KEY_FILE. */
  https?: { cert: string | Buffer; key: string | Buffer };
  /** What the Operations page says about the certificate (main.ts knows how the server speaks HTTPS). */
  certificate?: () => CertificateInfo;
  /** Sees every route as it is registered (tests check what each route declares). */
  onRoute?: (route: RouteOptions) => void;
}

/** The `https` server option from TLS_CERT_FILE / TLS_KEY_FILE, or nothing (plain http). */
export function tlsOptions(config: Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>): { https?: { cert: Buffer; key: Buffer } } {
  if (!config.TLS_CERT_FILE || !config.TLS_KEY_FILE) return {};
  return { https: { cert: readFileSync(config.TLS_CERT_FILE), key: readFileSync(config.TLS_KEY_FILE) } };
}

export async function buildApp(config: Config, opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // HTTPS when the office gives a certificate (tablets need a secure origin to install the app and keep
    // its service worker). Fastify's typings tie `https` to another server type; the API is the same.
    ...((opts.https ? { https: opts.https } : tlsOptions(config)) as object),
    logger: opts.logger ? loggerOptions(config, opts.logStream) : false,
    // One line per request (plugins/access-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1_048_576,
    trustProxy: config.TRUST_PROXY,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route, once: an empty application/json body is no body (a DELETE some clients send that way).
  acceptEmptyJson(app);

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // Inside a save of a batch, the batch's transaction (lib/batch-item.ts); everywhere else the database.
  const base = opts.database.db;
  app.decorate('db', { getter: () => batchScope()?.tx ?? base });
  app.decorate('database', opts.database);
  app.decorate('config', config);
  app.decorate('certificate', opts.certificate ?? (() => httpsSetup({ ...config, TLS_MODE: 'off' }).certificate()));

  await app.register(accessLog);
  await app.register(errorsPlugin);
  await app.register(securityHeaders, { config });
  // Tablets on weak connections: JSON answers and the app's files travel compressed (brotli or gzip) at the levels
  // measured in lib/compression.ts; a list's text is compressed there in one call (lib/json-rows.ts, sendJson).
  await app.register(compress, compressPluginOptions);
  await app.register(authPlugin);
  await app.register(changePlugin);
  const chaosMode = parseChaosMode(config.CHAOS_DROP_AFTER_COMMIT);
  if (chaosMode !== null) await app.register(chaosPlugin, { mode: chaosMode });
  await app.register(refusalsPlugin);

  // Before every module: declared with the operations endpoints (shared/contract/operaciones.ts).
  route(app, operacionesApi.health, async () => ({ status: 'ok' as const, database: opts.database.kind }));

  for (const mod of modules) await app.register(mod);

  if (opts.serveStatic) await app.register(staticPlugin, { root: config.STATIC_DIR });
  return app;
}
