// HTTP routes of valuations (Valorizaciones): list, one valuation, save, delete, the PDF, and the catalogues
// the modal loads first (infoventa, cuentas).
import type { FastifyInstance } from 'fastify';
import { valorizaApi as api } from '@shared/contract/valoriza';
import { LABELS } from '@shared/messages';
import { sendPdf } from '../../lib/pdf-reply';
import { route } from '../../lib/route';
import { officePdf } from '../../reports/office';
import { officeSettings } from '../ajustes/service';
import { buildValorizaPdf } from '../../reports/valoriza';
import { getValoriza, infoVenta, listCuentas, listValoriza } from './repository';
import { createValoriza, deleteValoriza, updateValoriza } from './service';

export default async function valorizaRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => listValoriza(app.db, req.body));
  // Static paths: matched before /api/valoriza/:id.
  route(app, api.infoventa, async () => infoVenta(app.db));
  route(app, api.cuentas, async () => listCuentas(app.db));
  route(app, api.pdf, async (req, reply) => {
    const v = await getValoriza(app.db, req.query.id);
    const bytes = await buildValorizaPdf(v, await officePdf(app.config, await officeSettings(app.db)));
    return sendPdf(reply, bytes, LABELS.valoriza.fileName(v.valoriza_id));
  });
  route(app, api.get, async (req) => getValoriza(app.db, req.params.id));
  route(app, api.create, async (req) => createValoriza(req, req.body));
  route(app, api.update, async (req) => updateValoriza(req, req.params.valoriza_id, req.body));
  route(app, api.remove, async (req) => deleteValoriza(req, req.params.id));
}
