// The endpoint table: every endpoint of the API, declared in its resource's contract and gathered here by
// resource. The server checks that the routes it registers are exactly these; the OpenAPI document is written
// from them (docs/architecture.md, "The endpoint table").
import { actividadesApi } from './actividades';
import type { EndpointDef } from './endpoint';
import { insumosApi } from './insumos';
import { maquinariasApi } from './maquinarias';
import { openapiApi } from './openapi';
import { operadoresApi } from './operadores';
import { pideApi } from './pide';
import { salidasApi } from './salidas';
import { searchApi } from './search';

export const API = {
  actividades: actividadesApi,
  insumos: insumosApi,
  maquinarias: maquinariasApi,
  openapi: openapiApi,
  operadores: operadoresApi,
  pide: pideApi,
  salidas: salidasApi,
  search: searchApi,
} as const satisfies Record<string, Record<string, EndpointDef>>;

/** Every endpoint with the name it has in its resource (`salidas.list`). */
export const ENDPOINTS: readonly { name: string; endpoint: EndpointDef }[] = Object.entries(API).flatMap(([resource, group]) =>
  Object.entries(group as Record<string, EndpointDef>).map(([name, endpoint]) => ({ name: `${resource}.${name}`, endpoint })),
);
