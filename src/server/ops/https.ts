// How the server speaks HTTPS: TLS_CERT_FILE/TLS_KEY_FILE (the office's own certificate) win; TLS_MODE=local
// uses the local certificate authority (tls.ts) and keeps its certificate fresh while the server runs;
// otherwise plain HTTP. Also what the Operations page shows about the certificate.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from '../config';
import { certificateNames, ensureLocalTls, type LocalTls } from './tls';

export interface CertificateInfo {
  modo: 'local' | 'archivos' | 'ninguno';
  vence: string | null;
  nombres: string[];
}

export interface HttpsSetup {
  https?: { cert: string | Buffer; key: string | Buffer };
  certificate(): CertificateInfo;
  /** The local CA state (TLS_MODE=local without certificate files), for the install page. */
  local: (() => LocalTls) | null;
  /** Re-checks the local certificate (expiry, addresses); answers the new one when it changed. */
  refresh(): LocalTls | null;
}

export function httpsSetup(config: Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE' | 'TLS_MODE' | 'DATA_DIR' | 'TLS_HOSTS'>): HttpsSetup {
  if (config.TLS_CERT_FILE && config.TLS_KEY_FILE) {
    const cert = readFileSync(config.TLS_CERT_FILE);
    const x = new X509Certificate(cert);
    return {
      https: { cert, key: readFileSync(config.TLS_KEY_FILE) },
      certificate: () => ({
        modo: 'archivos',
        vence: new Date(x.validTo).toISOString(),
        nombres: (x.subjectAltName ?? '').split(', ').filter(Boolean),
      }),
      local: null,
      refresh: () => null,
    };
  }
  if (config.TLS_MODE === 'local') {
    let state = ensureLocalTls(config.DATA_DIR, certificateNames(config.TLS_HOSTS));
    return {
      https: { cert: state.cert, key: state.key },
      certificate: () => ({ modo: 'local', vence: state.expiresAt.toISOString(), nombres: state.names }),
      local: () => state,
      refresh: () => {
        const next = ensureLocalTls(config.DATA_DIR, certificateNames(config.TLS_HOSTS));
        state = next;
        return next.renewed ? next : null;
      },
    };
  }
  return { certificate: () => ({ modo: 'ninguno', vence: null, nombres: [] }), local: null, refresh: () => null };
}
