// HTTP routes of work orders (the photo upload is registered by the photos module, which parses multipart).
import type { FastifyInstance } from 'fastify';
import { ordenestrabajoApi as api } from '@shared/contract/ordenestrabajo';
import { LABELS } from '@shared/messages';
import { sendPdf } from '../../lib/pdf-reply';
import { route } from '../../lib/route';
import { officePdf } from '../../reports/office';
import { buildOrdenPdf } from '../../reports/ordenestrabajo';
import { officeSettings } from '../ajustes/service';
import { getOrden, listOrdenes, listTecnicos } from './repository';
import { createOrden, updateOrden, vincularReparacion } from './service';

export default async function ordenestrabajoRoutes(app: FastifyInstance) {
  route(app, api.list, async (req) => listOrdenes(app.db, req.body, req.user?.id ?? null));
  route(app, api.tecnicos, async () => listTecnicos(app.db));
  route(app, api.get, async (req) => getOrden(app.db, req.params.uid));
  route(app, api.pdf, async (req, reply) => {
    const o = await getOrden(app.db, req.params.uid);
    const bytes = await buildOrdenPdf(o, await officePdf(app.config, await officeSettings(app.db)));
    return sendPdf(reply, bytes, `${LABELS.ordenes.fileName}-${o.codigo}`);
  });
  route(app, api.create, async (req) => createOrden(req, req.body));
  route(app, api.update, async (req) => updateOrden(req, req.params.uid, req.body));
  route(app, api.reparacion, async (req) => vincularReparacion(req, req.params.uid, req.body.reparacion_id));
}
