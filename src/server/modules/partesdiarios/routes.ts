// HTTP routes of daily work reports (Partes diarios): list, one report, create (idempotent), edit, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageResponse } from '@shared/contract/common';
import { parteDetail, parteDiarioBody, parteListBody, parteRow } from '@shared/contract/partesdiarios';
import { getParte, listPartes } from './repository';
import { createParte, deleteParte, updateParte } from './service';

export default async function partesDiariosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/partesdiarios/list', { schema: { body: parteListBody, response: { 200: z.array(parteRow) } } }, (req) =>
    listPartes(app.db, req.body),
  );
  r.get('/api/partesdiarios/:id', { schema: { params: idParam, response: { 200: parteDetail } } }, (req) =>
    getParte(app.db, req.params.id),
  );
  r.post('/api/partesdiarios', { schema: { body: parteDiarioBody, response: { 201: parteDetail } } }, async (req, reply) =>
    reply.code(201).send(await createParte(req, req.body)),
  );
  r.put('/api/partesdiarios/:id', { schema: { params: idParam, body: parteDiarioBody, response: { 200: parteDetail } } }, (req) =>
    updateParte(req, req.params.id, req.body),
  );
  r.delete('/api/partesdiarios/:id', { schema: { params: idParam, response: { 200: messageResponse } } }, (req) =>
    deleteParte(req, req.params.id),
  );
}
