// HTTP routes of supply requests (Pedidos) and the units of measure their lines use.
import type { FastifyInstance } from 'fastify';
import { pedidosApi as api } from '@shared/contract/pedidos';
import { route } from '../../lib/route';
import { getPedido, listPedidos, pedidosDelta, listUnimeds } from './repository';
import { createPedido, deletePedido, updatePedido } from './service';

export default async function pedidosRoutes(app: FastifyInstance) {
  // Static path: matched before /api/pedidos/:pedido_id.
  route(app, api.unimeds, async () => listUnimeds(app.db));
  route(app, api.list, async (req) => listPedidos(app.db, req.body));
  route(app, api.delta, async (req) => pedidosDelta(app.db, req.body));
  route(app, api.get, async (req) => getPedido(app.db, req.params.pedido_id));
  route(app, api.create, async (req) => createPedido(req, req.body));
  route(app, api.update, async (req) => updatePedido(req, req.params.pedido_id, req.body));
  route(app, api.remove, async (req) => deletePedido(req, req.params.id));
}
