// HTTP routes of machines: the list with wear and meters, the parts of a machine, the vehicle suggestions,
// create/edit/delete, part assignment, removal and change, and the wear and maintenance PDFs. Role codes:
// ENDPOINT_PERMISSIONS (writes) and READ_PERMISSIONS (PDFs, plate search) in shared/auth/permissions.ts.
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  asignarAnswer,
  asignarBody,
  cambiarInsumoAnswer,
  cambiarInsumoBody,
  deleteMaqInsumoBody,
  maquinariaBody,
  maquinariaIdParam,
  maquinariaInsumo,
  maquinariaRow,
  pdfGraficosQuery,
  pdfMantenimientoQuery,
  searchVehiculoAnswer,
  vehiculoTermParam,
} from '@shared/contract/maquinarias';
import { limaDate } from '@shared/domain/dates';
import { LABELS, MSG } from '@shared/messages';
import { safeFileName } from '@shared/reports/types';
import { integrations } from '../../integrations/index';
import { notFound } from '../../lib/errors';
import { sendJson } from '../../lib/json-rows';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { intList, rowsOf } from '../../lib/sql';
import { buildMaintenancePdf, buildWearPdf } from '../../reports/maquinarias';
import { officePdf } from '../../reports/office';
import { cambiosInRange, listMaquinarias, machinesOf, partsOf } from './repository';
import { asignarInsumos, cambiarInsumos, createMaquinaria, deleteMaqInsumo, deleteMaquinaria, updateMaquinaria } from './service';

const L = LABELS.maquinariaPdf;

function sendPdf(reply: FastifyReply, bytes: Uint8Array, name: string) {
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `inline; filename="${safeFileName(name, 'pdf')}"`)
    .header('Cache-Control', 'no-store')
    .send(Buffer.from(bytes));
}

export default async function maquinariasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Plates of the machines asked for; 404 when one of them does not exist. */
  async function platesOf(ids: readonly number[]): Promise<string[]> {
    const rows = await rowsOf<{ id: number; placa: string }>(app.db, sql`select id, placa from maquinarias where id in (${intList(ids)})`);
    if (rows.length !== ids.length) throw notFound(MSG.machineNotFound);
    return ids.map((id) => rows.find((m) => Number(m.id) === id)?.placa ?? '');
  }

  r.get('/api/maquinarias', { schema: { response: listAnswer(maquinariaRow) } }, async (_req, reply) =>
    sendJson(reply, await listMaquinarias(app.db)),
  );

  r.get(
    '/api/maquinarias/insumosbymaquinaria/:id',
    { schema: { params: maquinariaIdParam, response: listAnswer(maquinariaInsumo) } },
    async (req, reply) => {
      await platesOf([req.params.id]);
      return sendJson(reply, await partsOf(app.db, req.params.id));
    },
  );

  r.get(
    '/api/maquinarias/searchvehiculo/:term',
    { schema: { params: vehiculoTermParam, response: answers({ 200: searchVehiculoAnswer }) } },
    async (req) => {
      const found = await integrations(app.config, app.db).vehiculos.search(req.params.term);
      if (!found.length) return { items: [] };
      const plates = found.map((v) => v.veh_placa.toUpperCase());
      const machines = await rowsOf<{ id: number; placa: string }>(
        app.db,
        sql`select id, upper(placa) as placa from maquinarias where upper(placa) in (${sql.join(
          plates.map((p) => sql`${p}`),
          sql`, `,
        )})`,
      );
      const byPlate = new Map(machines.map((m) => [m.placa, Number(m.id)]));
      return { items: found.map((v) => ({ ...v, maquinaria_id: byPlate.get(v.veh_placa.toUpperCase()) ?? null })) };
    },
  );

  r.get('/api/maquinarias/viewpdfgraficos', { schema: { querystring: pdfGraficosQuery } }, async (req, reply) => {
    const ids = req.query.id;
    if (ids) await platesOf(ids);
    const machines = await machinesOf(app.db, ids);
    // Asked by id: in the order asked; all: plate descending, as the list.
    if (ids) machines.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    const bytes = await buildWearPdf(machines, limaDate(), await officePdf(app.config, app.db));
    return sendPdf(reply, bytes, machines.length === 1 ? `${L.wearFileName}-${machines[0].placa}` : L.wearFileName);
  });

  r.get('/api/maquinarias/viewpdfmantenimiento', { schema: { querystring: pdfMantenimientoQuery } }, async (req, reply) => {
    const { id: ids, fini, ffin } = req.query;
    const plates = ids ? await platesOf(ids) : null;
    const rows = await cambiosInRange(app.db, ids, fini, ffin);
    const bytes = await buildMaintenancePdf(rows, plates, fini, ffin, await officePdf(app.config, app.db));
    return sendPdf(reply, bytes, L.maintenanceFileName(fini, ffin));
  });

  r.post('/api/maquinarias', { schema: { body: maquinariaBody, response: answers({ 201: maquinariaRow }) } }, async (req, reply) =>
    reply.code(201).send(await createMaquinaria(req, req.body)),
  );
  r.put(
    '/api/maquinarias/:id',
    { schema: { params: maquinariaIdParam, body: maquinariaBody, response: answers({ 200: maquinariaRow }) } },
    async (req) => updateMaquinaria(req, req.params.id, req.body),
  );
  r.delete('/api/maquinarias/:id', { schema: { params: maquinariaIdParam, response: messageAnswer } }, async (req) =>
    deleteMaquinaria(req, req.params.id),
  );

  r.post('/api/maquinarias/asignar', { schema: { body: asignarBody, response: answers({ 200: asignarAnswer }) } }, async (req) =>
    asignarInsumos(req, req.body),
  );
  r.post('/api/maquinarias/deletemaqinsumo', { schema: { body: deleteMaqInsumoBody, response: messageAnswer } }, async (req) =>
    deleteMaqInsumo(req, req.body.id),
  );
  r.post(
    '/api/maquinarias/cambiarinsumo',
    { schema: { body: cambiarInsumoBody, response: answers({ 200: cambiarInsumoAnswer }) } },
    async (req) => cambiarInsumos(req, req.body),
  );
}
