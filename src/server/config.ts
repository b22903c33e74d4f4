// Environment → typed configuration, validated with zod at start.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5201),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    JWT_SECRET: z.string().min(16).optional(),
    DEFAULT_PASSWORD: z.string().min(6).default('Maquinaria2026!'),
    TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(12 * 3600),
    SEED: z.enum(['demo', 'base', 'none']).default('demo'),
    STATIC_DIR: z.string().default('./dist/client'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOGIN_MAX_ATTEMPTS: z.coerce.number().int().positive().default(10),
    LOGISTICA_URL: z.string().url().optional(),
    RENIEC_URL: z.string().url().optional(),
    SUNAT_URL: z.string().url().optional(),
    VEHICULOS_URL: z.string().url().optional(),
    TLS_CERT_FILE: z.string().optional(),
    /**
     * 'local': the server makes its own certificate authority in DATA_DIR/tls and serves HTTPS on PORT with a
     * certificate for this machine's names and LAN addresses; INSTALL_PORT serves the install page over HTTP.
     * TLS_CERT_FILE/TLS_KEY_FILE, when given, win over it.
     */
    TLS_MODE: z.enum(['off', 'local']).default('off'),
    INSTALL_PORT: z.coerce.number().int().min(0).max(65535).default(5200),
    /** More names or addresses for the local certificate (comma-separated), e.g. a DNS name of the office. */
    TLS_HOSTS: z.string().default(''),
    /** Nightly backups kept in DATA_DIR/backups. */
    BACKUP_KEEP: z.coerce.number().int().min(1).default(14),
    /** Lima hour (0–23) from which the nightly backup is taken; 'off' turns it off. */
    BACKUP_HOUR: z
      .union([z.literal('off'), z.coerce.number().int().min(0).max(23)])
      .default(2)
      .transform((v) => (v === 'off' ? 99 : v)),
    TLS_KEY_FILE: z.string().optional(),
    /**
     * Which peers may set X-Forwarded-For (proxy-addr list: addresses, CIDRs, 'loopback', ...; 'true' trusts any).
     * The default trusts only a reverse proxy on this machine, so a client cannot pick its own address and dodge
     * the per-address login limit.
     */
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((v) => (v === 'true' ? true : v === 'false' ? false : v)),
    /** TEST-ONLY (plugins/chaos.ts): 'header' or a fraction; drops the answer of committed writes. Never in production. */
    CHAOS_DROP_AFTER_COMMIT: z.string().optional(),
  })
  .refine((c) => !c.TLS_CERT_FILE === !c.TLS_KEY_FILE, {
    message: 'TLS_CERT_FILE y TLS_KEY_FILE van juntos',
    path: ['TLS_KEY_FILE'],
  });

export type Config = z.infer<typeof schema> & { jwtSecret: string };

function secretFor(dataDir: string, given?: string): string {
  if (given) return given;
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads the environment (or overrides, for tests) into a validated config. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, jwtSecret: secretFor(parsed.data.DATA_DIR, parsed.data.JWT_SECRET) };
}
