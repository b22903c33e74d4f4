// HTTP routes of the fleet indicators: the figures and the monthly management report (code 83, the contract's access).
import type { FastifyInstance } from 'fastify';
import { indicadoresApi as api } from '@shared/contract/indicadores';
import { LABELS } from '@shared/messages';
import { sendPdf } from '../../lib/pdf-reply';
import { route } from '../../lib/route';
import { buildIndicadoresPdf } from '../../reports/indicadores';
import { officePdf } from '../../reports/office';
import { officeSettings } from '../ajustes/service';
import { indicadores } from './service';

export default async function indicadoresRoutes(app: FastifyInstance) {
  route(app, api.get, async (req) => indicadores(app.db, req.query));

  route(app, api.pdf, async (req, reply) => {
    const a = await indicadores(app.db, req.query);
    const bytes = await buildIndicadoresPdf(a, await officePdf(app.config, await officeSettings(app.db)));
    return sendPdf(reply, bytes, LABELS.indicadores.fileName(a.desde, a.hasta));
  });
}
