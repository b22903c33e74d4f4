// HTTP routes of repairs (Reparaciones): list, one, the service-order lookup, create, edit, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import {
  infoOrdenServicio,
  infoOrdenServicioBody,
  reparacionBody,
  reparacionDetail,
  reparacionIdParam,
  reparacionListBody,
  reparacionRow,
} from '@shared/contract/reparaciones';
import { sendJson } from '../../lib/json-rows';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { getReparacion, listReparaciones } from './repository';
import * as service from './service';

export default async function reparacionesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/reparaciones/list', { schema: { body: reparacionListBody, response: listAnswer(reparacionRow) } }, async (req, reply) =>
    sendJson(reply, await listReparaciones(app.db, req.body)),
  );
  r.post(
    '/api/reparaciones/getinforden',
    { schema: { body: infoOrdenServicioBody, response: answers({ 200: infoOrdenServicio }) } },
    async (req) => service.infoOrdenServicio(req, req.body.nro_orden, req.body.anio),
  );
  r.get('/api/reparaciones/:id', { schema: { params: idParam, response: answers({ 200: reparacionDetail }) } }, async (req) =>
    getReparacion(app.db, req.params.id),
  );
  r.post('/api/reparaciones', { schema: { body: reparacionBody, response: answers({ 201: reparacionDetail }) } }, async (req, reply) =>
    reply.code(201).send(await service.createReparacion(req, req.body)),
  );
  r.put(
    '/api/reparaciones/:reparacion_id',
    { schema: { params: reparacionIdParam, body: reparacionBody, response: answers({ 200: reparacionDetail }) } },
    async (req) => service.updateReparacion(req, req.params.reparacion_id, req.body),
  );
  r.delete('/api/reparaciones/:id', { schema: { params: idParam, response: messageAnswer } }, async (req) =>
    service.deleteReparacion(req, req.params.id),
  );
}
