// HTTP routes of failures (Fallas): list, one with its photos, create (also from the field outbox), edit,
// delete while pending, and the failures a repair of a machine may take.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageResponse } from '@shared/contract/common';
import {
  fallaBody,
  fallaDetail,
  fallaIdParam,
  fallaListBody,
  fallaOption,
  fallaRow,
  fallasByMaquinariaBody,
} from '@shared/contract/fallas';
import { acceptEmptyJson } from '../auth/empty-body';
import { getFalla, listFallas } from './repository';
import { createFalla, deleteFalla, fallasByMaquinaria, updateFalla } from './service';

export default async function fallasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  acceptEmptyJson(app);
  r.post('/api/fallas/list', { schema: { body: fallaListBody, response: { 200: z.array(fallaRow) } } }, async (req) =>
    listFallas(app.db, req.body),
  );
  r.post('/api/fallas/bymaquinaria', { schema: { body: fallasByMaquinariaBody, response: { 200: z.array(fallaOption) } } }, async (req) =>
    fallasByMaquinaria(app.db, req.body),
  );
  r.get('/api/fallas/:id', { schema: { params: idParam, response: { 200: fallaDetail } } }, async (req) => getFalla(app.db, req.params.id));
  r.post('/api/fallas', { schema: { body: fallaBody, response: { 201: fallaDetail } } }, async (req, reply) =>
    reply.code(201).send(await createFalla(req, req.body)),
  );
  r.put('/api/fallas/:falla_id', { schema: { params: fallaIdParam, body: fallaBody, response: { 200: fallaDetail } } }, async (req) =>
    updateFalla(req, req.params.falla_id, req.body),
  );
  r.delete('/api/fallas/:id', { schema: { params: idParam, response: { 200: messageResponse } } }, async (req) =>
    deleteFalla(req, req.params.id),
  );
}
