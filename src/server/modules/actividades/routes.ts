// Activities API: full list (with status), active list for pickers, create, edit, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actividadBody, actividadRow } from '@shared/contract/actividades';
import { idParam } from '@shared/contract/common';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import * as service from './service';

export default async function actividadesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/actividades', { schema: { response: listAnswer(actividadRow) } }, () => service.list(app.db));
  r.get('/api/actividades/activas', { schema: { response: listAnswer(actividadRow) } }, () => service.listActive(app.db));
  r.post('/api/actividades', { schema: { body: actividadBody, response: answers({ 201: actividadRow }) } }, async (req, reply) => {
    const row = await service.create(req, req.body);
    return reply.code(201).send(row);
  });
  r.put('/api/actividades/:id', { schema: { params: idParam, body: actividadBody, response: answers({ 200: actividadRow }) } }, (req) =>
    service.update(req, req.params.id, req.body),
  );
  r.delete('/api/actividades/:id', { schema: { params: idParam, response: messageAnswer } }, (req) => service.remove(req, req.params.id));
}
