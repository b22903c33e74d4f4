// The endpoint table: every endpoint of the API, declared in its resource's contract and gathered here by
// resource. The server checks that the routes it registers are exactly these; the OpenAPI document is written
// from them (docs/architecture.md, "The endpoint table").
import type { EndpointDef } from './endpoint';
import { openapiApi } from './openapi';
import { salidasApi } from './salidas';

export const API = {
  openapi: openapiApi,
  salidas: salidasApi,
} as const satisfies Record<string, Record<string, EndpointDef>>;

/** Every endpoint with the name it has in its resource (`salidas.list`). */
export const ENDPOINTS: readonly { name: string; endpoint: EndpointDef }[] = Object.entries(API).flatMap(([resource, group]) =>
  Object.entries(group as Record<string, EndpointDef>).map(([name, endpoint]) => ({ name: `${resource}.${name}`, endpoint })),
);
