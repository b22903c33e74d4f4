// HTTP routes of valuations (Valorizaciones): list, one valuation, save, delete, the PDF, and the catalogues
// the modal loads first (infoventa, cuentas).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLE } from '@shared/auth/permissions';
import { idParam, messageResponse } from '@shared/contract/common';
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
import { safeFileName } from '@shared/reports/types';
import { officePdf } from '../../reports/office';
import { buildValorizaPdf } from '../../reports/valoriza';
import { getValoriza, infoVenta as loadInfoVenta, listCuentas, listValoriza } from './repository';
import { createValoriza, deleteValoriza, updateValoriza } from './service';

export default async function valorizaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/valoriza/list', { schema: { body: valorizaListBody, response: { 200: z.array(valorizaRow) } } }, (req) =>
    listValoriza(app.db, req.body),
  );
  r.get('/api/valoriza/infoventa', { schema: { response: { 200: infoVenta } } }, () => loadInfoVenta(app.db));
  r.get('/api/valoriza/cuentas', { schema: { response: { 200: z.array(cuentaRow) } } }, () => listCuentas(app.db));
  r.get(
    '/api/valoriza/viewpdfvaloriza',
    { schema: { querystring: valorizaPdfQuery }, config: { rule: ROLE.valorizaPdf } },
    async (req, reply) => {
      const v = await getValoriza(app.db, req.query.id);
      const bytes = await buildValorizaPdf(v, await officePdf(app.config, app.db));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${safeFileName(LABELS.valoriza.fileName(v.valoriza_id), 'pdf')}"`)
        .header('Cache-Control', 'no-store')
        .send(Buffer.from(bytes));
    },
  );
  r.get('/api/valoriza/:id', { schema: { params: idParam, response: { 200: valorizaDetail } } }, (req) =>
    getValoriza(app.db, req.params.id),
  );
  r.post('/api/valoriza', { schema: { body: valorizaBody, response: { 201: valorizaDetail } } }, async (req, reply) =>
    reply.code(201).send(await createValoriza(req, req.body)),
  );
  r.put(
    '/api/valoriza/:valoriza_id',
    { schema: { params: valorizaIdParam, body: valorizaBody, response: { 200: valorizaDetail } } },
    (req) => updateValoriza(req, req.params.valoriza_id, req.body),
  );
  r.delete('/api/valoriza/:id', { schema: { params: idParam, response: { 200: messageResponse } } }, (req) =>
    deleteValoriza(req, req.params.id),
  );
}
