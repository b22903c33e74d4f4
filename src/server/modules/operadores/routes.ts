// HTTP routes of operators: list, one, create, edit (never the DNI), delete, the DNI lookup in the identity
// registry and the DNI suggestions of the exit modal.
import type { FastifyInstance } from 'fastify';
import { operadoresApi as api } from '@shared/contract/operadores';
import { route } from '../../lib/route';
import { getOperador, listOperadores, searchDni, seesPersonal, suggestDni } from './repository';
import { createOperador, deleteOperador, updateOperador } from './service';

export default async function operadoresRoutes(app: FastifyInstance) {
  // Personal fields (address, mobile, birth date…) only for the operators screen's codes (seesPersonal).
  route(app, api.list, async (req) => listOperadores(app.db, seesPersonal(req.user?.roles)));
  route(app, api.searchDni, async (req) => searchDni(app.config, app.db, req.params.dni, seesPersonal(req.user?.roles)));
  route(app, api.suggestDni, async (req) => suggestDni(app.db, req.params.dni));
  route(app, api.get, async (req) => getOperador(app.db, req.params.operador_id, seesPersonal(req.user?.roles)));
  route(app, api.create, async (req) => createOperador(req, req.body));
  route(app, api.update, async (req) => updateOperador(req, req.params.operador_id, req.body));
  route(app, api.remove, async (req) => deleteOperador(req, req.params.operador_id));
}
