// Operations page contract (Configuración, 61): how the office's server is doing — version, database,
// backups, certificate and refused requests.
import { z } from 'zod';
import { OPERATIONS_CODE } from '../auth/permissions';
import { FIELD } from '../messages';
import { endpoint, fileAnswer } from './endpoint';

export const respaldoRow = z.object({
  id: z.number(),
  tipo: z.enum(['nocturno', 'manual']),
  archivo: z.string().nullable(),
  servidor: z.string(),
  bytes: z.number().nullable(),
  filas: z.number().nullable(),
  estado: z.enum(['en_curso', 'ok', 'error']),
  error: z.string().nullable(),
  created_at: z.string(),
  /** The file is in this server's DATA_DIR/backups (another server of the office may hold it). */
  descargable: z.boolean(),
});
export type RespaldoRow = z.infer<typeof respaldoRow>;

export const operacionesInfo = z.object({
  version: z.string(),
  servidor: z.string(),
  base: z.object({ tipo: z.enum(['pglite', 'postgres']), bytes: z.number() }),
  respaldos: z.array(respaldoRow),
  /** Lima hour of the nightly backup (null: off) and how many files are kept. */
  nocturno: z.object({ hora: z.number().nullable(), conservar: z.number() }),
  certificado: z.object({
    modo: z.enum(['local', 'archivos', 'ninguno']),
    vence: z.string().nullable(),
    nombres: z.array(z.string()),
    /** SHA-256 fingerprint of the office CA (TLS_MODE=local) or of the office's certificate: what a tablet shows. */
    huella: z.string().nullable(),
    /** The office CA's name as the tablets list it (TLS_MODE=local). */
    autoridad: z.string().nullable(),
    /** The CA this one replaced, to be removed from the tablets (TLS_MODE=local). */
    anterior: z.object({ nombre: z.string(), huella: z.string() }).nullable(),
  }),
  /** API requests answered 4xx in the last 24 hours, in total and per status. */
  rechazadas: z.object({ total: z.number(), por_estado: z.array(z.object({ status: z.number(), total: z.number() })) }),
});
export type OperacionesInfo = z.infer<typeof operacionesInfo>;

/** POST /api/operaciones/respaldos: the backup just written, or null when another one is being written. */
export const respaldoTomado = z.object({ id: z.number(), archivo: z.string(), bytes: z.number(), filas: z.number() }).nullable();

/** GET /api/health (public): the server answers and which database it runs on. */
export const healthAnswer = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** The password of the exported CA file: long enough to resist a guess offline. */
export const caExportBody = z.object({ password: z.string().min(10, FIELD.tooShort(10)).max(200, FIELD.tooLong(200)) });

export const respaldoParams = z.object({ archivo: z.string().regex(/^respaldo-[0-9_-]+\.gz$/) });

/** How many recent backups the page lists. */
export const RESPALDOS_LIMIT = 30;

export const operacionesApi = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'El servidor responde y con qué base de datos trabaja (para monitoreo y balanceadores)',
    access: 'public',
    answer: healthAnswer,
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/operaciones',
    summary: 'Estado del servidor: versión, base de datos, respaldos, certificado y solicitudes rechazadas del último día',
    access: [OPERATIONS_CODE],
    answer: operacionesInfo,
  }),
  backup: endpoint({
    method: 'POST',
    path: '/api/operaciones/respaldos',
    summary: 'Toma un respaldo de la base de datos ahora; null si ya se está tomando otro',
    access: [OPERATIONS_CODE],
    answer: respaldoTomado,
    status: 201,
    idempotent: true,
    long: true,
  }),
  exportCa: endpoint({
    method: 'POST',
    path: '/api/operaciones/certificado',
    summary: 'Exporta la autoridad de certificación de la oficina con su clave, en un archivo PKCS#12 protegido por contraseña',
    description:
      'Solo con `TLS_MODE=local`. Para guardarla fuera del servidor (las copias nocturnas no la llevan): con ella un servidor nuevo conserva la confianza de las tabletas. Deja una línea en el Actividad Log.',
    access: [OPERATIONS_CODE],
    body: caExportBody,
    answer: fileAnswer('application/x-pkcs12'),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/operaciones/respaldos/:archivo',
    summary: 'Descarga un respaldo que está en este servidor (gzip)',
    access: [OPERATIONS_CODE],
    params: respaldoParams,
    answer: fileAnswer('application/gzip'),
  }),
} as const;
