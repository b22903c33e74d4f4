// HTTP routes of operators used by the warehouse: list, DNI lookup in the registry, DNI suggestions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dniParam, dniPrefixParam } from '@shared/contract/operadores';
import { listOperadores, searchDni, suggestDni } from './repository';

export default async function operadoresRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/operadores', async () => listOperadores(app.db));
  r.get('/api/operadores/searchdni/:dni', { schema: { params: dniParam } }, async (req) => searchDni(app.config, app.db, req.params.dni));
  r.get('/api/operadores/suggestdni/:dni', { schema: { params: dniPrefixParam } }, async (req) => suggestDni(app.db, req.params.dni));
}
