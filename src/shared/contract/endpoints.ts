// The endpoint table: every endpoint of the API, declared in its resource's contract and gathered here by
// resource. The server checks that the routes it registers are exactly these; the OpenAPI document is written
// from them (docs/architecture.md, "The endpoint table").
import type { EndpointDef } from './endpoint';
import { ingresosApi } from './ingresos';
import { movimientosApi } from './movimientos';
import { openapiApi } from './openapi';
import { pedidosApi } from './pedidos';
import { salidasApi } from './salidas';

export const API = {
  ingresos: ingresosApi,
  movimientos: movimientosApi,
  openapi: openapiApi,
  pedidos: pedidosApi,
  salidas: salidasApi,
} as const satisfies Record<string, Record<string, EndpointDef>>;

/** Every endpoint with the name it has in its resource (`salidas.list`). */
export const ENDPOINTS: readonly { name: string; endpoint: EndpointDef }[] = Object.entries(API).flatMap(([resource, group]) =>
  Object.entries(group as Record<string, EndpointDef>).map(([name, endpoint]) => ({ name: `${resource}.${name}`, endpoint })),
);
