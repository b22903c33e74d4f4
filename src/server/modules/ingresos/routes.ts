// HTTP routes of warehouse entries (Ingresos): order lookup, list, view, create, note change, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import {
  infoOrdenBody,
  ingresoBody,
  ingresoDetail,
  ingresoListBody,
  ingresoRow,
  ingresoUpdateBody,
  ordenInfo,
} from '@shared/contract/ingresos';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { getIngreso, listIngresos } from './repository';
import { createIngreso, deleteIngreso, infoOrden, updateIngreso } from './service';

export default async function ingresosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/ingresos/getinforden', { schema: { body: infoOrdenBody, response: answers({ 200: ordenInfo }) } }, async (req) =>
    infoOrden(req, req.body.nro_ordencompra, req.body.anio),
  );
  r.post('/api/ingresos/list', { schema: { body: ingresoListBody, response: listAnswer(ingresoRow) } }, async (req) =>
    listIngresos(app.db, req.body),
  );
  r.get('/api/ingresos/:id', { schema: { params: idParam, response: answers({ 200: ingresoDetail }) } }, async (req) =>
    getIngreso(app.db, req.params.id),
  );
  r.post('/api/ingresos', { schema: { body: ingresoBody, response: answers({ 201: ingresoDetail }) } }, async (req, reply) =>
    reply.code(201).send(await createIngreso(req, req.body)),
  );
  r.put(
    '/api/ingresos/:id',
    { schema: { params: idParam, body: ingresoUpdateBody, response: answers({ 200: ingresoDetail }) } },
    async (req) => updateIngreso(req, req.params.id, req.body),
  );
  r.delete('/api/ingresos/:id', { schema: { params: idParam, response: messageAnswer } }, async (req) => deleteIngreso(req, req.params.id));
}
