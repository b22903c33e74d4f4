// Error contract (docs/architecture.md, "The write path"): JSON { message, errors? }; zod → 400 with Spanish field messages; no 500 on bad input.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { LEAD_ISSUE } from '@shared/contract/ranges';
import { MSG } from '@shared/messages';
import { AppError, IdempotentReplay } from '../lib/errors';
import { pgErrorToApp } from '../lib/pg-errors';
import { noteRefusal } from './refusals';

function fieldName(path: string): string {
  return path.replace(/^\//, '').replace(/\//g, '.') || '_';
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | Error, req, reply) => {
    if (err instanceof IdempotentReplay) {
      return reply.code(err.statusCode).header('Idempotency-Replayed', 'true').send(err.body);
    }
    // Every other answer of this handler goes out here, noting the refusals the Operations page counts.
    const send = (status: number, body: object) => {
      noteRefusal(req, err, status);
      return reply.code(status).send(body);
    };
    if (err instanceof AppError) {
      return send(err.statusCode, { message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      let message: string = MSG.invalidInput;
      for (const v of err.validation) {
        const key = fieldName(v.instancePath || String((v.params as { missingProperty?: string })?.missingProperty ?? ''));
        errors[key] ??= v.message ?? MSG.invalidInput;
        // A lead issue (a list's date range: contract/ranges.ts) says what to change: it is the answer's message.
        if ((v.params as { params?: typeof LEAD_ISSUE })?.params?.lead && v.message) message = v.message;
      }
      return send(400, { message, errors });
    }
    const pg = pgErrorToApp(err);
    if (pg) return send(pg.statusCode, { message: pg.message, ...(pg.errors ? { errors: pg.errors } : {}), ...pg.extra });
    const fe = err as FastifyError;
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      const message =
        fe.statusCode === 429
          ? MSG.loginRateLimited
          : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? MSG.requestTooLarge
            : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? MSG.unsupportedMediaType
              : MSG.invalidInput;
      return send(fe.statusCode, { message });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: MSG.internalError });
  });

  // The only not-found handler of the app (Fastify allows one per scope). When the static plugin serves the
  // built PWA, a navigation to a client route (GET, outside /api, no file extension) gets index.html.
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const navigation = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api') && !/\.[a-z0-9]+$/i.test(path);
    if (navigation && app.hasReplyDecorator('sendFile')) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: MSG.notFound, path });
  });
});
