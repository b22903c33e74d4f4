// HTTP routes of warehouse exits (Salidas): list, view, voucher check, create, edit with trash, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import { salidaBody, salidaDetail, salidaListBody, salidaRow, valeQuery, valeUse } from '@shared/contract/salidas';
import { sendJson } from '../../lib/json-rows';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { findVale, getSalida, listSalidas } from './repository';
import { createSalida, deleteSalida, updateSalida } from './service';

export default async function salidasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = answers({ 200: salidaDetail });
  r.post('/api/salidas/list', { schema: { body: salidaListBody, response: listAnswer(salidaRow) } }, async (req, reply) =>
    sendJson(reply, await listSalidas(app.db, req.body)),
  );
  // Static path: matched before /api/salidas/:id.
  r.get('/api/salidas/vales', { schema: { querystring: valeQuery, response: listAnswer(valeUse) } }, async (req) =>
    findVale(app.db, req.query.nro_vale),
  );
  r.get('/api/salidas/:id', { schema: { params: idParam, response: one } }, async (req) => getSalida(app.db, req.params.id));
  r.post('/api/salidas', { schema: { body: salidaBody, response: answers({ 201: salidaDetail }) } }, async (req, reply) =>
    reply.code(201).send(await createSalida(req, req.body)),
  );
  r.put('/api/salidas/:id', { schema: { params: idParam, body: salidaBody, response: one } }, async (req) =>
    updateSalida(req, req.params.id, req.body),
  );
  r.delete('/api/salidas/:id', { schema: { params: idParam, response: messageAnswer } }, async (req) => deleteSalida(req, req.params.id));
}
