// HTTP routes of costs (Costos): list with lines, one schedule, create, edit with trash, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import { costoBody, costoRow } from '@shared/contract/costos';
import { sendJson } from '../../lib/json-rows';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { getCosto, listCostos } from './repository';
import { createCosto, deleteCosto, updateCosto } from './service';

export default async function costosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = answers({ 200: costoRow });
  r.get('/api/costos', { schema: { response: listAnswer(costoRow) } }, async (_req, reply) => sendJson(reply, await listCostos(app.db)));
  r.get('/api/costos/:id', { schema: { params: idParam, response: one } }, (req) => getCosto(app.db, req.params.id));
  r.post('/api/costos', { schema: { body: costoBody, response: answers({ 201: costoRow }) } }, async (req, reply) =>
    reply.code(201).send(await createCosto(req, req.body)),
  );
  r.put('/api/costos/:id', { schema: { params: idParam, body: costoBody, response: one } }, (req) =>
    updateCosto(req, req.params.id, req.body),
  );
  r.delete('/api/costos/:id', { schema: { params: idParam, response: messageAnswer } }, (req) => deleteCosto(req, req.params.id));
}
