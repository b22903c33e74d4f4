// HTTP routes of daily work reports (Partes diarios): list, one report, create (idempotent), edit, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import { parteDetail, parteDiarioBody, parteListBody, parteRow } from '@shared/contract/partesdiarios';
import { sendJson } from '../../lib/json-rows';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { getParte, listPartes } from './repository';
import { createParte, deleteParte, updateParte } from './service';

export default async function partesDiariosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = answers({ 200: parteDetail });
  r.post('/api/partesdiarios/list', { schema: { body: parteListBody, response: listAnswer(parteRow) } }, async (req, reply) =>
    sendJson(reply, await listPartes(app.db, req.body)),
  );
  r.get('/api/partesdiarios/:id', { schema: { params: idParam, response: one } }, (req) => getParte(app.db, req.params.id));
  r.post('/api/partesdiarios', { schema: { body: parteDiarioBody, response: answers({ 201: parteDetail }) } }, async (req, reply) =>
    reply.code(201).send(await createParte(req, req.body)),
  );
  r.put('/api/partesdiarios/:id', { schema: { params: idParam, body: parteDiarioBody, response: one } }, (req) =>
    updateParte(req, req.params.id, req.body),
  );
  r.delete('/api/partesdiarios/:id', { schema: { params: idParam, response: messageAnswer } }, (req) => deleteParte(req, req.params.id));
}
