// Lets a plugin's routes accept an empty application/json body (the spec's logout and tree calls send none).
import type { FastifyInstance } from 'fastify';

export function acceptEmptyJson(app: FastifyInstance): void {
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, null) : json(req, body as string, done),
  );
}
