// HTTP routes of machines: the list with wear and meters, the parts of a machine, the vehicle suggestions,
// create/edit/delete, part assignment, removal and change, and the wear and maintenance PDFs. Role codes:
// ENDPOINT_PERMISSIONS (writes) and READ_PERMISSIONS (PDFs, plate search) in shared/auth/permissions.ts.
import type { FastifyInstance } from 'fastify';
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
import { LABELS } from '@shared/messages';
import { integrations } from '../../integrations/index';
import { sendJson } from '../../lib/json-rows';
import { sendPdf } from '../../lib/pdf-reply';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { buildMaintenancePdf, buildWearPdf } from '../../reports/maquinarias';
import { officePdf } from '../../reports/office';
import { cambiosInRange, listMaquinarias, machineIdsByPlate, machinesOf, partsOf, platesOf } from './repository';
import { asignarInsumos, cambiarInsumos, createMaquinaria, deleteMaqInsumo, deleteMaquinaria, updateMaquinaria } from './service';

const L = LABELS.maquinariaPdf;

export default async function maquinariasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/maquinarias', { schema: { response: listAnswer(maquinariaRow) } }, async (_req, reply) =>
    sendJson(reply, await listMaquinarias(app.db)),
  );

  r.get(
    '/api/maquinarias/insumosbymaquinaria/:id',
    { schema: { params: maquinariaIdParam, response: listAnswer(maquinariaInsumo) } },
    async (req, reply) => {
      await platesOf(app.db, [req.params.id]);
      return sendJson(reply, await partsOf(app.db, req.params.id));
    },
  );

  r.get(
    '/api/maquinarias/searchvehiculo/:term',
    { schema: { params: vehiculoTermParam, response: answers({ 200: searchVehiculoAnswer }) } },
    async (req) => {
      const found = await integrations(app.config, app.db).vehiculos.search(req.params.term);
      if (!found.length) return { items: [] };
      const byPlate = await machineIdsByPlate(
        app.db,
        found.map((v) => v.veh_placa),
      );
      return { items: found.map((v) => ({ ...v, maquinaria_id: byPlate.get(v.veh_placa.toUpperCase()) ?? null })) };
    },
  );

  r.get('/api/maquinarias/viewpdfgraficos', { schema: { querystring: pdfGraficosQuery } }, async (req, reply) => {
    const ids = req.query.id;
    if (ids) await platesOf(app.db, ids);
    const machines = await machinesOf(app.db, ids);
    // Asked by id: in the order asked; all: plate descending, as the list.
    if (ids) machines.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    const bytes = await buildWearPdf(machines, limaDate(), await officePdf(app.config, app.db));
    return sendPdf(reply, bytes, machines.length === 1 ? `${L.wearFileName}-${machines[0].placa}` : L.wearFileName);
  });

  r.get('/api/maquinarias/viewpdfmantenimiento', { schema: { querystring: pdfMantenimientoQuery } }, async (req, reply) => {
    const { id: ids, fini, ffin } = req.query;
    const plates = ids ? await platesOf(app.db, ids) : null;
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
