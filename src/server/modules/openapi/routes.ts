// GET /api/openapi.json: the API described for integrators (the municipality's IT, SIGA, a future mobile client).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openapiApi, type OpenapiDocument } from '@shared/contract/openapi';
import { route } from '../../lib/route';
import { buildOpenApi } from './service';

const VERSION: string = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../../package.json'), 'utf8')).version;

export default async function openapiRoutes(app: FastifyInstance) {
  let document: OpenapiDocument | undefined;
  route(app, openapiApi.document, async () => (document ??= buildOpenApi(VERSION)));
}
