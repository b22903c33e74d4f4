// HTTP routes of supply requests (Pedidos) and the units of measure their lines use.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam } from '@shared/contract/common';
import { unimedRow } from '@shared/contract/insumos';
import { pedidoBody, pedidoDetail, pedidoIdParam, pedidoListBody, pedidoRow } from '@shared/contract/pedidos';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { getPedido, listPedidos, listUnimeds } from './repository';
import { createPedido, deletePedido, updatePedido } from './service';

export default async function pedidosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/pedidos/unimeds', { schema: { response: listAnswer(unimedRow) } }, async () => listUnimeds(app.db));
  r.post('/api/pedidos/list', { schema: { body: pedidoListBody, response: listAnswer(pedidoRow) } }, async (req) =>
    listPedidos(app.db, req.body),
  );
  r.get('/api/pedidos/:pedido_id', { schema: { params: pedidoIdParam, response: answers({ 200: pedidoDetail }) } }, async (req) =>
    getPedido(app.db, req.params.pedido_id),
  );
  r.post('/api/pedidos', { schema: { body: pedidoBody, response: answers({ 201: pedidoDetail }) } }, async (req, reply) =>
    reply.code(201).send(await createPedido(req, req.body)),
  );
  r.put(
    '/api/pedidos/:pedido_id',
    { schema: { params: pedidoIdParam, body: pedidoBody, response: answers({ 200: pedidoDetail }) } },
    async (req) => updatePedido(req, req.params.pedido_id, req.body),
  );
  r.delete('/api/pedidos/:id', { schema: { params: idParam, response: messageAnswer } }, async (req) => deletePedido(req, req.params.id));
}
