// HTTP routes of warehouse exits (Salidas): list, view, create, edit with trash, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import { salidaBody, salidaListBody } from '@shared/contract/salidas';
import { getSalida, listSalidas } from './repository';
import { createSalida, deleteSalida, updateSalida } from './service';

export default async function salidasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/salidas/list', { schema: { body: salidaListBody } }, async (req) => listSalidas(app.db, req.body));
  r.get('/api/salidas/:id', { schema: { params: idParam } }, async (req) => getSalida(app.db, req.params.id));
  r.post('/api/salidas', { schema: { body: salidaBody } }, async (req, reply) => reply.code(201).send(await createSalida(req, req.body)));
  r.put('/api/salidas/:id', { schema: { params: idParam, body: salidaBody } }, async (req) => updateSalida(req, req.params.id, req.body));
  r.delete('/api/salidas/:id', { schema: { params: idParam } }, async (req) => deleteSalida(req, req.params.id));
}
