// The API's own description: the OpenAPI 3.1 document written from the endpoint table.
import { z } from 'zod';
import { endpoint } from './endpoint';

/** An OpenAPI 3.1 document (its parts are described by the OpenAPI specification itself). */
export const openapiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export type OpenapiDocument = z.input<typeof openapiDocument>;

export const openapiApi = {
  document: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'Este documento: la descripción OpenAPI 3.1 de cada endpoint (rutas, esquemas, códigos de rol, errores)',
    access: 'session',
    answer: openapiDocument,
  }),
} as const;
