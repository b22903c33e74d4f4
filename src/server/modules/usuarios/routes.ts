// Users API: list, create, edit, delete, permissions tree and codes, password.
import type { FastifyInstance } from 'fastify';
import { usuariosApi as api } from '@shared/contract/usuarios';
import { route } from '../../lib/route';
import * as service from './service';

export default async function usuariosRoutes(app: FastifyInstance) {
  // Reading users and their codes belongs to the users screen (menu 62, in their declarations), not to every session.
  route(app, api.list, async () => service.list(app.db));
  route(app, api.permissions, async (req) => service.permissions(app.db, req.params.id));
  route(app, api.permissionTree, async () => service.permissionTree());

  route(app, api.create, async (req) => service.create(req, req.body));
  route(app, api.update, async (req) => service.update(req, req.params.id, req.body));
  route(app, api.remove, async (req) => service.remove(req, req.params.id));
  route(app, api.savePermissions, async (req) => service.savePermissions(req, req.params.id, req.body));
  // One's own password also without code 66 (selfAllowed): the service checks whose it is.
  route(app, api.setPassword, async (req) => service.setPassword(req, req.params.id, req.body));
}
