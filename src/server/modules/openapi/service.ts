// The OpenAPI 3.1 document of the API, written from the endpoint table (shared/contract/endpoints.ts) by
// zod-openapi: every route with its parameters, body and answer schemas (the spec's field names), who may call
// it, whether it takes an Idempotency-Key, and the error answers it may give. Served at GET /api/openapi.json
// and committed as docs/openapi.json (`npm run openapi`; a test fails when the committed file is stale).
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import type { z } from 'zod';
import { errorResponse } from '@shared/contract/common';
import { isFileAnswer, resourceOf, type EndpointDef, type ErrorStatus } from '@shared/contract/endpoint';
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { OpenapiDocument } from '@shared/contract/openapi';

/** The error body, one component of the document. */
const errorSchema = errorResponse.meta({ id: 'Error', description: 'Respuesta de error: mensaje en castellano y mensajes por campo' });

const ERRORS: Record<400 | 401 | 403 | 404 | ErrorStatus, string> = {
  400: 'Datos no válidos: `message` en castellano y, por campo, `errors` (nombre del campo → mensaje). No cambia nada.',
  401: 'Sin sesión: falta el token, es inválido, venció o se cerró la sesión.',
  403: 'Sin permiso (el usuario no tiene ninguno de los códigos de rol) o una regla del negocio lo impide; `message` dice por qué.',
  404: 'No existe el registro pedido.',
  409: 'Conflicto: el stock ya no alcanza, el registro está en uso por otro, o la misma Idempotency-Key llegó con otro cuerpo.',
  413: 'Archivo demasiado grande.',
  415: 'Formato de archivo no admitido.',
  422: 'Caso específico del negocio (p. ej. una orden ya registrada, un operador ya existente: `message: duplicate_op`).',
  429: 'Demasiados intentos: espere lo que indica `Retry-After`.',
};

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    'UUID de la escritura (el id del elemento de la cola sin conexión). Repetida, responde lo guardado con `Idempotency-Replayed: true`; con otro cuerpo, 409. Se guarda 30 días.',
  schema: { type: 'string' as const, format: 'uuid' },
};

const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

function accessText(e: EndpointDef): string {
  if (e.access === 'public') return 'Acceso: público (sin sesión).';
  if (e.access === 'session') return 'Acceso: cualquier usuario con sesión.';
  const own = e.selfAllowed ? ' (o sin ellos, sobre un registro propio)' : '';
  return `Acceso: usuarios con alguno de los códigos de rol ${e.access.join(', ')}${own}.`;
}

function responsesOf(e: EndpointDef): ZodOpenApiResponsesObject {
  const ok = e.status ?? 200;
  const success = isFileAnswer(e.answer)
    ? { description: `Archivo (${e.answer.file})`, content: { [e.answer.file]: { schema: { type: 'string' as const, format: 'binary' } } } }
    : { description: ok === 201 ? 'Creado' : 'Correcto', content: { 'application/json': { schema: e.answer } } };
  const codes = new Set<keyof typeof ERRORS>(e.errors ?? []);
  if (e.params || e.query || e.body) codes.add(400);
  if (e.access !== 'public') codes.add(401);
  if (Array.isArray(e.access)) codes.add(403);
  if (e.params) codes.add(404);
  const errors = Object.fromEntries(
    [...codes]
      .sort((a, b) => a - b)
      .map((code) => [String(code), { description: ERRORS[code], content: { 'application/json': { schema: errorSchema } } }]),
  );
  return { [String(ok)]: success, ...errors };
}

function operationOf(name: string, e: EndpointDef): ZodOpenApiOperationObject {
  const op: ZodOpenApiOperationObject = {
    operationId: name.replace('.', '_'),
    summary: e.summary,
    description: [e.description, accessText(e)].filter(Boolean).join('\n\n'),
    tags: [resourceOf(e)],
    responses: responsesOf(e),
    'x-codigos-rol': Array.isArray(e.access) ? [...e.access] : e.access,
  };
  if (e.access === 'public') op.security = [];
  // Params and query are objects (a test of the table checks it); the library's type wants to know it.
  if (e.params) op.requestParams = { path: e.params as z.ZodObject };
  if (e.query) op.requestParams = { ...op.requestParams, query: e.query as z.ZodObject };
  if (e.idempotent) op.parameters = [IDEMPOTENCY_KEY];
  if (e.body)
    op.requestBody = { required: true, content: { [e.multipart ? 'multipart/form-data' : 'application/json']: { schema: e.body } } };
  return op;
}

export function buildOpenApi(version: string): OpenapiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const { name, endpoint: e } of ENDPOINTS) {
    const item = (paths[openApiPath(e.path)] ??= {});
    item[e.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'] = operationOf(name, e);
  }
  const doc = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Sistema de Maquinarias y Almacén: API',
      version,
      description:
        'API REST de la oficina municipal de maquinaria pesada. Las fechas viajan como `YYYY-MM-DD` (hora de Lima), los instantes en ISO 8601 y el dinero con 2 decimales. Cada ruta con sesión lleva `Authorization: Bearer <token>` (de `POST /api/login`). Los errores responden `{ message, errors? }` en castellano.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  });
  // Plain JSON, as it is served and committed.
  return JSON.parse(JSON.stringify(doc)) as OpenapiDocument;
}
