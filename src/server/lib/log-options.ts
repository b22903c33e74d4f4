// Request logging options: pino with every password, token and session header removed from what is written.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/** Paths removed from every log line (pino redact). Request bodies and headers are not logged by default; these
 * keep a password or a token out even when a handler logs the request, its body or its headers. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.confirmedPassword',
  '*.authorization',
  '*.cookie',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.body.password',
  '*.body.confirmedPassword',
  '*.password',
  '*.confirmedPassword',
  '*.passwordHash',
  '*.access_token',
  '*.token',
];

/** Where log lines go instead of stdout (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>, stream?: LogDestination): FastifyServerOptions['logger'] {
  return { level: config.LOG_LEVEL, redact: { paths: REDACT_PATHS, remove: true }, ...(stream ? { stream } : {}) };
}
