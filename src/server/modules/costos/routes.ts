// HTTP routes of costs (Costos): list with lines, one schedule, create, edit with trash, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageResponse } from '@shared/contract/common';
import { costoBody, costoRow } from '@shared/contract/costos';
import { getCosto, listCostos } from './repository';
import { createCosto, deleteCosto, updateCosto } from './service';

export default async function costosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/costos', { schema: { response: { 200: z.array(costoRow) } } }, () => listCostos(app.db));
  r.get('/api/costos/:id', { schema: { params: idParam, response: { 200: costoRow } } }, (req) => getCosto(app.db, req.params.id));
  r.post('/api/costos', { schema: { body: costoBody, response: { 201: costoRow } } }, async (req, reply) =>
    reply.code(201).send(await createCosto(req, req.body)),
  );
  r.put('/api/costos/:id', { schema: { params: idParam, body: costoBody, response: { 200: costoRow } } }, (req) =>
    updateCosto(req, req.params.id, req.body),
  );
  r.delete('/api/costos/:id', { schema: { params: idParam, response: { 200: messageResponse } } }, (req) =>
    deleteCosto(req, req.params.id),
  );
}
