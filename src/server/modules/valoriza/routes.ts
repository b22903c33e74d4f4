// HTTP routes of valuations (Valorizaciones): list, one valuation, save, delete, the PDF, and the catalogues
// the modal loads first (infoventa, cuentas).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROLE } from '@shared/auth/permissions';
import { idParam } from '@shared/contract/common';
import {
  cuentaRow,
  infoVenta,
  valorizaBody,
  valorizaDetail,
  valorizaIdParam,
  valorizaListBody,
  valorizaPdfQuery,
  valorizaRow,
} from '@shared/contract/valoriza';
import { LABELS } from '@shared/messages';
import { sendPdf } from '../../lib/pdf-reply';
import { sendJson } from '../../lib/json-rows';
import { answers, listAnswer, messageAnswer } from '../../lib/responses';
import { officePdf } from '../../reports/office';
import { buildValorizaPdf } from '../../reports/valoriza';
import { getValoriza, infoVenta as loadInfoVenta, listCuentas, listValoriza } from './repository';
import { createValoriza, deleteValoriza, updateValoriza } from './service';

export default async function valorizaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = answers({ 200: valorizaDetail });
  r.post('/api/valoriza/list', { schema: { body: valorizaListBody, response: listAnswer(valorizaRow) } }, async (req, reply) =>
    sendJson(reply, await listValoriza(app.db, req.body)),
  );
  r.get('/api/valoriza/infoventa', { schema: { response: answers({ 200: infoVenta }) } }, () => loadInfoVenta(app.db));
  r.get('/api/valoriza/cuentas', { schema: { response: listAnswer(cuentaRow) } }, () => listCuentas(app.db));
  r.get(
    '/api/valoriza/viewpdfvaloriza',
    { schema: { querystring: valorizaPdfQuery }, config: { rule: ROLE.valorizaPdf } },
    async (req, reply) => {
      const v = await getValoriza(app.db, req.query.id);
      const bytes = await buildValorizaPdf(v, await officePdf(app.config, app.db));
      return sendPdf(reply, bytes, LABELS.valoriza.fileName(v.valoriza_id));
    },
  );
  r.get('/api/valoriza/:id', { schema: { params: idParam, response: one } }, (req) => getValoriza(app.db, req.params.id));
  r.post('/api/valoriza', { schema: { body: valorizaBody, response: answers({ 201: valorizaDetail }) } }, async (req, reply) =>
    reply.code(201).send(await createValoriza(req, req.body)),
  );
  r.put('/api/valoriza/:valoriza_id', { schema: { params: valorizaIdParam, body: valorizaBody, response: one } }, (req) =>
    updateValoriza(req, req.params.valoriza_id, req.body),
  );
  r.delete('/api/valoriza/:id', { schema: { params: idParam, response: messageAnswer } }, (req) => deleteValoriza(req, req.params.id));
}
