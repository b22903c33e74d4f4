// HTTP routes of the physical count: the sheets, one sheet, its PDF (blank or filled), create, save counts, annul and
// approve. Role codes: each endpoint's access in shared/contract/inventarios.ts.
import type { FastifyInstance } from 'fastify';
import { inventariosApi as api } from '@shared/contract/inventarios';
import { LABELS } from '@shared/messages';
import { sendPdf } from '../../lib/pdf-reply';
import { route } from '../../lib/route';
import { buildInventarioPdf } from '../../reports/inventarios';
import { officePdf } from '../../reports/office';
import { officeSettings } from '../ajustes/service';
import { inventarioDetailOf, listInventarios } from './repository';
import { anularInventario, aprobarInventario, createInventario, saveConteo } from './service';

export default async function inventariosRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => listInventarios(app.db, req.body));
  route(app, api.detail, async (req) => inventarioDetailOf(app.db, req.params.id));
  route(app, api.pdf, async (req, reply) => {
    const inv = await inventarioDetailOf(app.db, req.params.id);
    const bytes = await buildInventarioPdf(inv, req.query.lleno, await officePdf(app.config, await officeSettings(app.db)));
    return sendPdf(reply, bytes, `${LABELS.inventarios.fileName}-${inv.id}`);
  });
  route(app, api.create, async (req) => createInventario(req, req.body));
  route(app, api.conteo, async (req) => saveConteo(req, req.params.id, req.body));
  route(app, api.anular, async (req) => anularInventario(req, req.params.id));
  route(app, api.aprobar, async (req) => aprobarInventario(req, req.params.id));
}
