// The list of API modules registered by buildApp; each module is a Fastify plugin with its routes.
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes';
import usuariosRoutes from './usuarios/routes';
import actividadesRoutes from './actividades/routes';
import cierresRoutes from './cierres/routes';
import auditoriaRoutes from './auditoria/routes';
import ajustesRoutes from './ajustes/routes';
import searchRoutes from './search/routes';
import notificacionesRoutes from './notificaciones/routes';
import insumosRoutes from './insumos/routes';
import ingresosRoutes from './ingresos/routes';
import salidasRoutes from './salidas/routes';
import pedidosRoutes from './pedidos/routes';
import movimientosRoutes from './movimientos/routes';
import maquinariasRoutes from './maquinarias/routes';
import operadoresRoutes from './operadores/routes';
import fallasRoutes from './fallas/routes';
import hojadevidaRoutes from './hojadevida/routes';
import indicadoresRoutes from './indicadores/routes';
import fotosRoutes from './fotos/routes';
import reparacionesRoutes from './reparaciones/routes';
import ordenestrabajoRoutes from './ordenestrabajo/routes';
import costosRoutes from './costos/routes';
import partesDiariosRoutes from './partesdiarios/routes';
import valorizaRoutes from './valoriza/routes';
import pideRoutes from './pide/routes';
import inicioRoutes from './inicio/routes';
import operacionesRoutes from './operaciones/routes';
import planesRoutes from './planes/routes';
import inventariosRoutes from './inventarios/routes';
import costosmaquinaRoutes from './costosmaquina/routes';
import parametrosRoutes from './parametros/routes';
import openapiRoutes from './openapi/routes';
import syncRoutes from './sync/routes';

export const modules: FastifyPluginAsync[] = [
  authRoutes,
  usuariosRoutes,
  actividadesRoutes,
  auditoriaRoutes,
  ajustesRoutes,
  searchRoutes,
  notificacionesRoutes,
  insumosRoutes,
  cierresRoutes,
  ingresosRoutes,
  salidasRoutes,
  pedidosRoutes,
  movimientosRoutes,
  maquinariasRoutes,
  operadoresRoutes,
  fallasRoutes,
  hojadevidaRoutes,
  indicadoresRoutes,
  fotosRoutes,
  reparacionesRoutes,
  ordenestrabajoRoutes,
  costosRoutes,
  partesDiariosRoutes,
  valorizaRoutes,
  pideRoutes,
  inicioRoutes,
  operacionesRoutes,
  planesRoutes,
  inventariosRoutes,
  costosmaquinaRoutes,
  parametrosRoutes,
  openapiRoutes,
  syncRoutes,
];
