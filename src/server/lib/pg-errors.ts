// Maps PostgreSQL errors (unique, check, foreign key, bad text) to Spanish 4xx answers.
import { MSG } from '@shared/messages';
import { AppError } from './errors';

interface PgLike {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  detail?: string;
  cause?: unknown;
}

const UNIQUE_MESSAGES: Record<string, [number, string]> = {
  ingresos_orden_uq: [422, MSG.orderAlreadyRegistered],
  ingresos_orden_id_uq: [422, MSG.orderAlreadyRegistered],
  usuarios_username_unique: [409, MSG.duplicateUsername],
  usuarios_username_lower_uq: [409, MSG.duplicateUsername],
  operadores_dni_unique: [422, 'duplicate_op'],
  maquinarias_placa_unique: [409, MSG.plateRegistered],
  maquinarias_placa_upper_uq: [409, MSG.plateRegistered],
  insumos_insumo_codigo_unique: [409, MSG.duplicateCode],
};

/** Foreign keys whose violation has a specific answer (the spec shows the server's message on 403). */
const FK_MESSAGES: Record<string, [number, string]> = {
  partes_diarios_actividad_id_actividades_id_fk: [403, MSG.activityInUse],
};

function asPg(err: unknown): PgLike | null {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    const p = e as PgLike;
    if (typeof p.code === 'string' && /^[0-9A-Z]{5}$/.test(p.code)) return p;
    e = p.cause;
  }
  return null;
}

export function pgErrorToApp(err: unknown): AppError | null {
  const pg = asPg(err);
  if (!pg?.code) return null;
  const constraint = pg.constraint ?? pg.constraint_name ?? '';
  switch (pg.code) {
    case '23505': {
      const known = UNIQUE_MESSAGES[constraint];
      return known ? new AppError(known[0], known[1]) : new AppError(409, MSG.recordExists);
    }
    case '23514':
      if (constraint === 'insumos_stock_chk') return new AppError(409, MSG.quantityUnavailable);
      return new AppError(422, MSG.invalidInput);
    case '23503':
      if (FK_MESSAGES[constraint]) return new AppError(FK_MESSAGES[constraint][0], FK_MESSAGES[constraint][1]);
      return new AppError(409, MSG.recordRelated);
    case '23502':
      return new AppError(400, MSG.invalidInput);
    case '22001':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
    case '22021': // NUL or invalid UTF-8 in text
    case '22P05': // untranslatable character
    case '22023':
      return new AppError(400, MSG.invalidInput);
    case '40001':
    case '40P01':
      // The outbox retries this one (src/client/offline/sync-outcome.ts) instead of marking the item rejected.
      return new AppError(409, MSG.idempotencyInProgress, undefined, { code: 'idempotency_in_progress' });
    default:
      return null;
  }
}
