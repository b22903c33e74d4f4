// The endpoint table: every endpoint of the API, declared in its resource's contract and gathered here by
// resource. The server checks that the routes it registers are exactly these; the OpenAPI document is written
// from them (docs/architecture.md, "The endpoint table").
import { actividadesApi } from './actividades';
import { ajustesApi } from './ajustes';
import { auditoriaApi } from './auditoria';
import { authApi } from './auth';
import { cierresApi } from './cierres';
import { costosApi } from './costos';
import { costosmaquinaApi } from './costosmaquina';
import type { EndpointDef } from './endpoint';
import { fallasApi } from './fallas';
import { hojadevidaApi } from './hojadevida';
import { indicadoresApi } from './indicadores';
import { fotosApi } from './fotos';
import { ingresosApi } from './ingresos';
import { inicioApi } from './inicio';
import { insumosApi } from './insumos';
import { inventariosApi } from './inventarios';
import { maquinariasApi } from './maquinarias';
import { movimientosApi } from './movimientos';
import { notificacionesApi } from './notificaciones';
import { openapiApi } from './openapi';
import { operacionesApi } from './operaciones';
import { operadoresApi } from './operadores';
import { ordenestrabajoApi } from './ordenestrabajo';
import { parametrosApi } from './parametros';
import { partesdiariosApi } from './partesdiarios';
import { pedidosApi } from './pedidos';
import { planesApi } from './planes';
import { pideApi } from './pide';
import { reparacionesApi } from './reparaciones';
import { salidasApi } from './salidas';
import { searchApi } from './search';
import { syncApi } from './sync';
import { usuariosApi } from './usuarios';
import { valorizaApi } from './valoriza';

export const API = {
  actividades: actividadesApi,
  ajustes: ajustesApi,
  auditoria: auditoriaApi,
  auth: authApi,
  cierres: cierresApi,
  costos: costosApi,
  costosmaquina: costosmaquinaApi,
  fallas: fallasApi,
  fotos: fotosApi,
  hojadevida: hojadevidaApi,
  indicadores: indicadoresApi,
  ingresos: ingresosApi,
  inicio: inicioApi,
  insumos: insumosApi,
  inventarios: inventariosApi,
  maquinarias: maquinariasApi,
  movimientos: movimientosApi,
  notificaciones: notificacionesApi,
  openapi: openapiApi,
  operaciones: operacionesApi,
  operadores: operadoresApi,
  ordenestrabajo: ordenestrabajoApi,
  parametros: parametrosApi,
  partesdiarios: partesdiariosApi,
  pedidos: pedidosApi,
  pide: pideApi,
  planes: planesApi,
  reparaciones: reparacionesApi,
  salidas: salidasApi,
  search: searchApi,
  sync: syncApi,
  usuarios: usuariosApi,
  valoriza: valorizaApi,
} as const satisfies Record<string, Record<string, EndpointDef>>;

/** Every endpoint with the name it has in its resource (`salidas.list`). */
export const ENDPOINTS: readonly { name: string; endpoint: EndpointDef }[] = Object.entries(API).flatMap(([resource, group]) =>
  Object.entries(group as Record<string, EndpointDef>).map(([name, endpoint]) => ({ name: `${resource}.${name}`, endpoint })),
);
