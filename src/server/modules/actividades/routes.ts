// Activities API: full list (with status), active list for pickers, create, edit, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actividadBody } from '@shared/contract/actividades';
import { idParam } from '@shared/contract/common';
import { acceptEmptyJson } from '../auth/empty-body';
import * as service from './service';

export default async function actividadesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  acceptEmptyJson(app);

  r.get('/api/actividades', () => service.list(app.db));
  r.get('/api/actividades/activas', () => service.listActive(app.db));
  r.post('/api/actividades', { schema: { body: actividadBody } }, async (req, reply) => {
    const row = await service.create(req, req.body);
    return reply.code(201).send(row);
  });
  r.put('/api/actividades/:id', { schema: { params: idParam, body: actividadBody } }, (req) =>
    service.update(req, req.params.id, req.body),
  );
  r.delete('/api/actividades/:id', { schema: { params: idParam } }, (req) => service.remove(req, req.params.id));
}
