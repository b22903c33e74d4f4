// Users API: list, create, edit, delete, permissions tree and codes, password.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MENU } from '@shared/auth/permissions';
import { idParam } from '@shared/contract/common';
import {
  permissionTreeNode,
  savedPermissions,
  savePermissionBody,
  setPasswordBody,
  usuarioBody,
  usuarioPermissions,
  usuarioRow,
} from '@shared/contract/usuarios';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import * as service from './service';

export default async function usuariosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Reading users and their codes belongs to the users screen (menu 62), not to every session.
  const readRule = { rule: MENU.usuarios };

  r.get('/api/usuarios', { schema: { response: listAnswer(usuarioRow) }, config: readRule }, () => service.list(app.db));
  r.get(
    '/api/usuarios/getpermissions/:id',
    { schema: { params: idParam, response: answers({ 200: usuarioPermissions }) }, config: readRule },
    (req) => service.permissions(app.db, req.params.id),
  );
  r.post('/api/usuarios/getpermissionstree', { schema: { response: listAnswer(permissionTreeNode) } }, async () =>
    service.permissionTree(),
  );

  r.post('/api/usuarios', { schema: { body: usuarioBody, response: answers({ 201: usuarioRow }) } }, async (req, reply) => {
    const row = await service.create(req, req.body);
    return reply.code(201).send(row);
  });
  r.put('/api/usuarios/:id', { schema: { params: idParam, body: usuarioBody, response: answers({ 200: usuarioRow }) } }, (req) =>
    service.update(req, req.params.id, req.body),
  );
  r.delete('/api/usuarios/:id', { schema: { params: idParam, response: messageAnswer } }, (req) => service.remove(req, req.params.id));
  r.put(
    '/api/usuarios/savepermission/:id',
    { schema: { params: idParam, body: savePermissionBody, response: answers({ 200: savedPermissions }) } },
    (req) => service.savePermissions(req, req.params.id, req.body),
  );
  r.put(
    '/api/usuarios/setpwd/:id',
    { schema: { params: idParam, body: setPasswordBody, response: messageAnswer }, config: { selfAllowed: true } },
    (req) => service.setPassword(req, req.params.id, req.body),
  );
}
