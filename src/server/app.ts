// buildApp(config): the Fastify instance with every plugin and module; used by main.ts and the tests.
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import authPlugin from './plugins/auth';
import changePlugin from './plugins/change';
import errorsPlugin from './plugins/errors';
import staticPlugin from './plugins/static';
import { modules } from './modules/index';

z.config(z.locales.es());

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
    config: Config;
  }
}

export type App = FastifyInstance;

export interface BuildOptions {
  database: Database;
  logger?: boolean;
  /** Serve the built PWA from config.STATIC_DIR (off in API tests). */
  serveStatic?: boolean;
}

export async function buildApp(config: Config, opts: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger
      ? {
          level: config.LOG_LEVEL,
          redact: {
            paths: [
              'req.headers.authorization',
              'req.headers.cookie',
              'req.body.password',
              '*.password',
              '*.confirmedPassword',
              '*.passwordHash',
              '*.access_token',
              '*.token',
            ],
            remove: true,
          },
        }
      : false,
    bodyLimit: 1_048_576,
    trustProxy: true,
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('db', opts.database.db);
  app.decorate('database', opts.database);
  app.decorate('config', config);

  await app.register(errorsPlugin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'http://localhost:5201', 'http://127.0.0.1:5201'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(authPlugin);
  await app.register(changePlugin);

  app.get('/api/health', async () => ({ status: 'ok', database: opts.database.kind }));

  for (const mod of modules) await app.register(mod);

  if (opts.serveStatic) await app.register(staticPlugin, { root: config.STATIC_DIR });
  return app;
}
