// HTTP routes of operators: list, one, create, edit (never the DNI), delete, the DNI lookup in the identity
// registry and the DNI suggestions of the exit modal.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dniParam,
  dniPrefixParam,
  individuo,
  operadorBody,
  operadorIdParam,
  operadorRow,
  operadorSuggestion,
  operadorUpdateBody,
} from '@shared/contract/operadores';
import { sendJson } from '../../lib/json-rows';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { getOperador, listOperadores, searchDni, suggestDni } from './repository';
import { createOperador, deleteOperador, updateOperador } from './service';

export default async function operadoresRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/operadores', { schema: { response: listAnswer(operadorRow) } }, async (_req, reply) =>
    sendJson(reply, await listOperadores(app.db)),
  );
  r.get('/api/operadores/searchdni/:dni', { schema: { params: dniParam, response: answers({ 200: z.array(individuo) }) } }, async (req) =>
    searchDni(app.config, app.db, req.params.dni),
  );
  r.get(
    '/api/operadores/suggestdni/:dni',
    { schema: { params: dniPrefixParam, response: answers({ 200: z.object({ items: z.array(operadorSuggestion) }) }) } },
    async (req) => suggestDni(app.db, req.params.dni),
  );
  r.get('/api/operadores/:operador_id', { schema: { params: operadorIdParam, response: answers({ 200: operadorRow }) } }, async (req) =>
    getOperador(app.db, req.params.operador_id),
  );
  r.post('/api/operadores', { schema: { body: operadorBody, response: answers({ 201: operadorRow }) } }, async (req, reply) =>
    reply.code(201).send(await createOperador(req, req.body)),
  );
  r.put(
    '/api/operadores/:operador_id',
    { schema: { params: operadorIdParam, body: operadorUpdateBody, response: answers({ 200: operadorRow }) } },
    async (req) => updateOperador(req, req.params.operador_id, req.body),
  );
  r.delete('/api/operadores/:operador_id', { schema: { params: operadorIdParam, response: messageAnswer } }, async (req) =>
    deleteOperador(req, req.params.operador_id),
  );
}
