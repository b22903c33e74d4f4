// HTTP routes of warehouse entries (Ingresos): order lookup, list, view, create, note change, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import { infoOrdenBody, ingresoBody, ingresoListBody, ingresoUpdateBody } from '@shared/contract/ingresos';
import { getIngreso, listIngresos } from './repository';
import { createIngreso, deleteIngreso, infoOrden, updateIngreso } from './service';

export default async function ingresosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/ingresos/getinforden', { schema: { body: infoOrdenBody } }, async (req) =>
    infoOrden(req, req.body.nro_ordencompra, req.body.anio),
  );
  r.post('/api/ingresos/list', { schema: { body: ingresoListBody } }, async (req) => listIngresos(app.db, req.body));
  r.get('/api/ingresos/:id', { schema: { params: idParam } }, async (req) => getIngreso(app.db, req.params.id));
  r.post('/api/ingresos', { schema: { body: ingresoBody } }, async (req, reply) =>
    reply.code(201).send(await createIngreso(req, req.body)),
  );
  r.put('/api/ingresos/:id', { schema: { params: idParam, body: ingresoUpdateBody } }, async (req) =>
    updateIngreso(req, req.params.id, req.body),
  );
  r.delete('/api/ingresos/:id', { schema: { params: idParam } }, async (req) => deleteIngreso(req, req.params.id));
}
