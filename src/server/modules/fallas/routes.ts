// HTTP routes of failures (Fallas): list, one with its photos, create (also from the field outbox), edit,
// delete while pending, and the failures a repair of a machine may take.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import {
  fallaBody,
  fallaDetail,
  fallaIdParam,
  fallaListBody,
  fallaOption,
  fallaRow,
  fallasByMaquinariaBody,
} from '@shared/contract/fallas';
import { sendJson } from '../../lib/json-rows';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { getFalla, listFallas } from './repository';
import { createFalla, deleteFalla, fallasByMaquinaria, updateFalla } from './service';

export default async function fallasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/fallas/list', { schema: { body: fallaListBody, response: listAnswer(fallaRow) } }, async (req, reply) =>
    sendJson(reply, await listFallas(app.db, req.body)),
  );
  r.post('/api/fallas/bymaquinaria', { schema: { body: fallasByMaquinariaBody, response: listAnswer(fallaOption) } }, async (req) =>
    fallasByMaquinaria(app.db, req.body),
  );
  r.get('/api/fallas/:id', { schema: { params: idParam, response: answers({ 200: fallaDetail }) } }, async (req) =>
    getFalla(app.db, req.params.id),
  );
  r.post('/api/fallas', { schema: { body: fallaBody, response: answers({ 201: fallaDetail }) } }, async (req, reply) =>
    reply.code(201).send(await createFalla(req, req.body)),
  );
  r.put(
    '/api/fallas/:falla_id',
    { schema: { params: fallaIdParam, body: fallaBody, response: answers({ 200: fallaDetail }) } },
    async (req) => updateFalla(req, req.params.falla_id, req.body),
  );
  r.delete('/api/fallas/:id', { schema: { params: idParam, response: messageAnswer } }, async (req) => deleteFalla(req, req.params.id));
}
