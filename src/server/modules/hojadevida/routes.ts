// HTTP routes of a machine's record (hoja de vida): the record and its PDF (code 75, the contract's access).
import type { FastifyInstance } from 'fastify';
import { hojadevidaApi as api } from '@shared/contract/hojadevida';
import { limaDate } from '@shared/domain/dates';
import { LABELS } from '@shared/messages';
import { sendPdf } from '../../lib/pdf-reply';
import { route } from '../../lib/route';
import { buildHojaDeVidaPdf } from '../../reports/hojadevida';
import { officePdf } from '../../reports/office';
import { officeSettings } from '../ajustes/service';
import { hojaDeVida } from './service';

export default async function hojadevidaRoutes(app: FastifyInstance) {
  route(app, api.get, async (req) => hojaDeVida(app.db, req.params.id, req.query));

  route(app, api.pdf, async (req, reply) => {
    const h = await hojaDeVida(app.db, req.params.id, req.query);
    const bytes = await buildHojaDeVidaPdf(h, limaDate(), await officePdf(app.config, await officeSettings(app.db)));
    return sendPdf(reply, bytes, LABELS.hojadevida.fileName(h.maquinaria.placa));
  });
}
