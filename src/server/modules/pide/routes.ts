// Identity lookups for the valuation modal: GET /api/pide/reniec/:dni (person) and /api/pide/sunat/:ruc
// (taxpayer), answered by the integration layer (local mirror, or the HTTP service writing through to it).
import type { FastifyInstance } from 'fastify';
import { pideApi as api } from '@shared/contract/pide';
import { MSG } from '@shared/messages';
import { integrations } from '../../integrations/index';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';

export default async function pideRoutes(app: FastifyInstance) {
  route(app, api.reniec, async (req) => {
    const p = await integrations(app.config, app.db).reniec.findByDni(req.params.dni);
    if (!p) throw notFound(MSG.dniNotFound(req.params.dni));
    return { prenombres: p.prenombres, apPrimer: p.apPrimer, apSegundo: p.apSegundo };
  });
  route(app, api.sunat, async (req) => {
    const c = await integrations(app.config, app.db).sunat.findByRuc(req.params.ruc);
    if (!c) throw notFound(MSG.rucNotFound(req.params.ruc));
    return { razon_social: c.razon_social };
  });
}
