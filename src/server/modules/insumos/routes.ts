// HTTP routes of supplies: list with stock, searches, part hours and the catalogue CRUD.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import {
  insumoBody,
  insumoRow,
  insumoSearchAnswer,
  insumoSearchQuery,
  insumoSearchSalidaAnswer,
  searchHorasAnswer,
  termParam,
} from '@shared/contract/insumos';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { createInsumo, deleteInsumo, getInsumo, listInsumos, searchHoras, searchInsumos, updateInsumo } from './service';

export default async function insumosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/insumos', { schema: { response: listAnswer(insumoRow) } }, async () => listInsumos(app.db));
  r.get(
    '/api/insumos/search',
    { schema: { querystring: insumoSearchQuery, response: answers({ 200: insumoSearchAnswer }) } },
    async (req) => searchInsumos(app.db, req.query.q, req.query.mode),
  );
  r.get('/api/insumos/search/:term', { schema: { params: termParam, response: answers({ 200: insumoSearchSalidaAnswer }) } }, async (req) =>
    searchInsumos(app.db, req.params.term, 'salida'),
  );
  r.get('/api/insumos/search_horas/:term', { schema: { params: termParam, response: answers({ 200: searchHorasAnswer }) } }, async (req) =>
    searchHoras(app.db, req.params.term),
  );
  r.get('/api/insumos/:id', { schema: { params: idParam, response: answers({ 200: insumoRow }) } }, async (req) =>
    getInsumo(app.db, req.params.id),
  );
  r.post('/api/insumos', { schema: { body: insumoBody, response: answers({ 201: insumoRow }) } }, async (req, reply) =>
    reply.code(201).send(await createInsumo(req, req.body)),
  );
  r.put('/api/insumos/:id', { schema: { params: idParam, body: insumoBody, response: answers({ 200: insumoRow }) } }, async (req) =>
    updateInsumo(req, req.params.id, req.body),
  );
  r.delete('/api/insumos/:id', { schema: { params: idParam, response: messageAnswer } }, async (req) => deleteInsumo(req, req.params.id));
}
