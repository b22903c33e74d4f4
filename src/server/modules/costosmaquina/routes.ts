// HTTP routes of the cost per machine (Costo por maquinaria): the list over a month range.
import type { FastifyInstance } from 'fastify';
import { costosmaquinaApi as api } from '@shared/contract/costosmaquina';
import { route } from '../../lib/route';
import { listCostosMaquina } from './service';

export default async function costosmaquinaRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => listCostosMaquina(app.db, req.body));
}
