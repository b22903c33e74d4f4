// HTTP routes of machines: the list the warehouse screens use (CRUD and wear actions come later).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listMaquinarias } from './repository';

export default async function maquinariasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/maquinarias', async () => listMaquinarias(app.db));
}
