// HTTP routes of machines: the list with wear and meters, the parts of a machine, the vehicle suggestions,
// create/edit/delete, part assignment, removal and change, and the wear and maintenance PDFs. Role codes: each
// endpoint's access in shared/contract/maquinarias.ts.
import type { FastifyInstance } from 'fastify';
import { maquinariasApi as api } from '@shared/contract/maquinarias';
import { limaDate } from '@shared/domain/dates';
import { rangoHojaDeVida } from '@shared/domain/hojadevida';
import { LABELS } from '@shared/messages';
import { integrations } from '../../integrations/index';
import { sendPdf } from '../../lib/pdf-reply';
import { route } from '../../lib/route';
import { buildMaintenancePdf, buildWearPdf } from '../../reports/maquinarias';
import { officePdf } from '../../reports/office';
import { officeSettings } from '../ajustes/service';
import { cambiosInRange, listMaquinarias, maquinariaIdsByPlate, maquinariasOf, insumosOf, platesOf } from './repository';
import { estadosOf, listDisponibilidad } from './disponibilidad';
import {
  asignarInsumos,
  cambiarInsumos,
  createMaquinaria,
  deleteMaqInsumo,
  deleteMaquinaria,
  updateMaqInsumo,
  updateMaquinaria,
} from './service';

const L = LABELS.maquinariaPdf;

export default async function maquinariasRoutes(app: FastifyInstance) {
  route(app, api.list, async () => listMaquinarias(app.db));

  route(app, api.parts, async (req) => {
    await platesOf(app.db, [req.params.id]);
    return insumosOf(app.db, req.params.id);
  });

  route(app, api.searchVehiculo, async (req) => {
    const found = await integrations(app.config, app.db).vehiculos.search(req.params.term);
    if (!found.length) return { items: [] };
    const byPlate = await maquinariaIdsByPlate(
      app.db,
      found.map((v) => v.veh_placa),
    );
    return { items: found.map((v) => ({ ...v, maquinaria_id: byPlate.get(v.veh_placa.toUpperCase()) ?? null })) };
  });

  route(app, api.pdfGraficos, async (req, reply) => {
    const ids = req.query.id;
    if (ids) await platesOf(app.db, ids);
    const machines = await maquinariasOf(app.db, ids);
    // Asked by id: in the order asked; all: plate descending, as the list.
    if (ids) machines.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    const bytes = await buildWearPdf(machines, limaDate(), await officePdf(app.config, await officeSettings(app.db)));
    return sendPdf(reply, bytes, machines.length === 1 ? `${L.wearFileName}-${machines[0].placa}` : L.wearFileName);
  });

  route(app, api.pdfMantenimiento, async (req, reply) => {
    const { id: ids, fini, ffin } = req.query;
    const plates = ids ? await platesOf(app.db, ids) : null;
    const rows = await cambiosInRange(app.db, ids, fini, ffin);
    const bytes = await buildMaintenancePdf(rows, plates, fini, ffin, await officePdf(app.config, await officeSettings(app.db)));
    return sendPdf(reply, bytes, L.maintenanceFileName(fini, ffin));
  });

  route(app, api.create, async (req) => createMaquinaria(req, req.body));
  route(app, api.update, async (req) => updateMaquinaria(req, req.params.id, req.body));
  route(app, api.remove, async (req) => deleteMaquinaria(req, req.params.id));

  route(app, api.asignar, async (req) => asignarInsumos(req, req.body));
  route(app, api.updateMaqInsumo, async (req) => updateMaqInsumo(req, req.params.id, req.body));
  route(app, api.deleteMaqInsumo, async (req) => deleteMaqInsumo(req, req.body.id));
  route(app, api.cambiarInsumo, async (req) => cambiarInsumos(req, req.body));

  route(app, api.estados, async (req) => {
    await platesOf(app.db, [req.params.id]);
    const { fini, ffin } = rangoHojaDeVida(req.query, limaDate());
    return estadosOf(app.db, req.params.id, fini, ffin);
  });
  route(app, api.disponibilidad, async (req) => listDisponibilidad(app.db, req.body.maquinaria_id, req.body.fini, req.body.ffin));
}
