// How the server speaks HTTPS: TLS_CERT_FILE/TLS_KEY_FILE (the office's own certificate) win; TLS_MODE=local
// uses the local certificate authority (tls.ts) and keeps its certificate fresh while the server runs;
// otherwise plain HTTP. Also what the Operations page shows about the certificate.
import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { Server as NetServer, Socket } from 'node:net';
import type { Config } from '../config';
import { requestHost } from './install-page';
import { certificateNames, ensureLocalTls, type LocalTls } from './tls';

export interface CertificateInfo {
  modo: 'local' | 'archivos' | 'ninguno';
  vence: string | null;
  nombres: string[];
  huella: string | null;
  autoridad: string | null;
  anterior: { nombre: string; huella: string } | null;
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
        huella: x.fingerprint256,
        autoridad: null,
        anterior: null,
      }),
      local: null,
      refresh: () => null,
    };
  }
  if (config.TLS_MODE === 'local') {
    let state = ensureLocalTls(config.DATA_DIR, certificateNames(config.TLS_HOSTS));
    return {
      https: { cert: state.cert, key: state.key },
      certificate: () => ({
        modo: 'local',
        vence: state.expiresAt.toISOString(),
        nombres: state.names,
        huella: state.caFingerprint,
        autoridad: state.caName,
        anterior: state.replaced ? { nombre: state.replaced.name, huella: state.replaced.fingerprint } : null,
      }),
      local: () => state,
      refresh: () => {
        const next = ensureLocalTls(config.DATA_DIR, certificateNames(config.TLS_HOSTS));
        state = next;
        return next.renewed ? next : null;
      },
    };
  }
  return {
    certificate: () => ({ modo: 'ninguno', vence: null, nombres: [], huella: null, autoridad: null, anterior: null }),
    local: null,
    refresh: () => null,
  };
}

/**
 * Plain HTTP on the HTTPS port answers a redirect to https (a tablet that typed http:// gets the app, not a reset
 * connection). Each connection's first byte tells them apart: a TLS handshake starts with 0x16, an HTTP request
 * with a letter. TLS connections go on to the server's own handlers (the byte is put back; Node's TLS socket reads
 * what the socket already buffered); the others to a bare HTTP server that only redirects.
 */
export function redirectPlainHttp(server: NetServer, httpsPort: () => number): HttpServer {
  const plain = createHttpServer((req, res) => {
    const host = requestHost(req);
    const target = `https://${host}:${httpsPort()}${(req.url ?? '/').startsWith('/') ? req.url : '/'}`;
    const body = `<!doctype html><meta charset="utf-8"><title>Use https</title><p>Este servidor atiende solo por conexión segura: <a href="${escapeHtml(target)}">${escapeHtml(target)}</a></p>`;
    res.writeHead(308, {
      location: target,
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'close',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  plain.requestTimeout = 10_000;
  const tlsHandlers = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    const onError = () => socket.destroy();
    socket.on('error', onError);
    // A client that connects and sends nothing is dropped like any idle connection.
    socket.setTimeout(10_000, () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.setTimeout(0);
      socket.removeListener('error', onError);
      socket.unshift(first);
      if (first[0] === 0x16) for (const handler of tlsHandlers) handler.call(server, socket);
      else {
        plain.emit('connection', socket);
        socket.resume();
      }
    });
  });
  return plain;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
