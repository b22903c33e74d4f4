// HTTP routes of operators: list, one, create, edit (never the DNI), delete, the DNI lookup in the identity
// registry and the DNI suggestions of the exit modal.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@shared/contract/common';
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
import { acceptEmptyJson } from '../auth/empty-body';
import { getOperador, listOperadores, searchDni, suggestDni } from './repository';
import { createOperador, deleteOperador, updateOperador } from './service';

export default async function operadoresRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  acceptEmptyJson(app);
  r.get('/api/operadores', { schema: { response: { 200: z.array(operadorRow) } } }, async () => listOperadores(app.db));
  r.get('/api/operadores/searchdni/:dni', { schema: { params: dniParam, response: { 200: z.array(individuo) } } }, async (req) =>
    searchDni(app.config, app.db, req.params.dni),
  );
  r.get(
    '/api/operadores/suggestdni/:dni',
    { schema: { params: dniPrefixParam, response: { 200: z.object({ items: z.array(operadorSuggestion) }) } } },
    async (req) => suggestDni(app.db, req.params.dni),
  );
  r.get('/api/operadores/:operador_id', { schema: { params: operadorIdParam, response: { 200: operadorRow } } }, async (req) =>
    getOperador(app.db, req.params.operador_id),
  );
  r.post('/api/operadores', { schema: { body: operadorBody, response: { 201: operadorRow } } }, async (req, reply) =>
    reply.code(201).send(await createOperador(req, req.body)),
  );
  r.put(
    '/api/operadores/:operador_id',
    { schema: { params: operadorIdParam, body: operadorUpdateBody, response: { 200: operadorRow } } },
    async (req) => updateOperador(req, req.params.operador_id, req.body),
  );
  r.delete('/api/operadores/:operador_id', { schema: { params: operadorIdParam, response: { 200: messageResponse } } }, async (req) =>
    deleteOperador(req, req.params.operador_id),
  );
}
