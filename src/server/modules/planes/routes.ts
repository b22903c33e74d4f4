// HTTP routes of preventive plans: the plans and one plan, create/edit/delete, copy to machines of the same kind, a task
// marked done, the fleet's due list and the report of tasks done and missed. Role codes: each endpoint's access in
// shared/contract/planes.ts.
import type { FastifyInstance } from 'fastify';
import { planesApi as api } from '@shared/contract/planes';
import { route } from '../../lib/route';
import { listCumplimiento, listPlanes, listVencimientos, planDetailOf } from './repository';
import { assertMachine, copiarPlan, createPlan, deletePlan, marcarHecha, updatePlan } from './service';

export default async function planesRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => {
    const id = req.query.maquinaria_id;
    if (id !== null) await assertMachine(app.db, id);
    return listPlanes(app.db, id);
  });
  route(app, api.vencimientos, async (req) => listVencimientos(app.db, req.body));
  route(app, api.cumplimiento, async (req) => listCumplimiento(app.db, req.body));
  route(app, api.detail, async (req) => planDetailOf(app.db, req.params.id));
  route(app, api.create, async (req) => createPlan(req, req.body));
  route(app, api.update, async (req) => updatePlan(req, req.params.id, req.body));
  route(app, api.remove, async (req) => deletePlan(req, req.params.id));
  route(app, api.copiar, async (req) => copiarPlan(req, req.params.id, req.body));
  route(app, api.hecha, async (req) => marcarHecha(req, req.params.id, req.body));
}
