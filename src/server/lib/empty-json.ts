// An application/json request with an empty body parses as no body (null) instead of Fastify's bare 400. The
// spec's logout and tree calls send none, and some API clients send a DELETE with a JSON content type and no
// body: that is a delete (or its 403/404 reason), not bad input. A route that needs a body still refuses null
// through its zod schema with the usual Spanish message. Registered once on the root instance (buildApp), so
// every route of every module inherits it.
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJson(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, null) : json(req, body as string, done),
  );
}
