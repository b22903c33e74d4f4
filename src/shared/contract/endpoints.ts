// The endpoint table: every endpoint of the API, declared in its resource's contract and gathered here by
// resource. The server checks that the routes it registers are exactly these; the OpenAPI document is written
// from them (docs/architecture.md, "The endpoint table").
import type { EndpointDef } from './endpoint';
import { fallasApi } from './fallas';
import { fotosApi } from './fotos';
import { ingresosApi } from './ingresos';
import { inicioApi } from './inicio';
import { movimientosApi } from './movimientos';
import { notificacionesApi } from './notificaciones';
import { openapiApi } from './openapi';
import { pedidosApi } from './pedidos';
import { reparacionesApi } from './reparaciones';
import { salidasApi } from './salidas';

export const API = {
  fallas: fallasApi,
  fotos: fotosApi,
  ingresos: ingresosApi,
  inicio: inicioApi,
  movimientos: movimientosApi,
  notificaciones: notificacionesApi,
  openapi: openapiApi,
  pedidos: pedidosApi,
  reparaciones: reparacionesApi,
  salidas: salidasApi,
} as const satisfies Record<string, Record<string, EndpointDef>>;

/** Every endpoint with the name it has in its resource (`salidas.list`). */
export const ENDPOINTS: readonly { name: string; endpoint: EndpointDef }[] = Object.entries(API).flatMap(([resource, group]) =>
  Object.entries(group as Record<string, EndpointDef>).map(([name, endpoint]) => ({ name: `${resource}.${name}`, endpoint })),
);
