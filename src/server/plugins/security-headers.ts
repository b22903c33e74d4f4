// The security headers of every answer: a strict Content-Security-Policy (no inline or foreign script, the API
// on the same origin only) and the usual hardening headers, through helmet. Why each directive: docs/security.md.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** The CSP of the app, directive by directive (exported so the tests check the header against it). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // Only the app's own files: no inline script, no eval, no script from another origin.
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  // Radix's dialogs and selects inject small <style> elements at run time (react-remove-scroll, the select
  // viewport): styles may be inline, scripts may not (see docs/security.md).
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Photos and logos are shown from blob: addresses (fetched with the token), the PDF logo from data:.
  imgSrc: ["'self'", 'blob:', 'data:'],
  fontSrc: ["'self'", 'data:'],
  // The API is on the same origin: nothing the page runs may talk to another host.
  connectSrc: ["'self'"],
  // The export worker and the service worker are files of the app.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  frameSrc: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Browser features the app does not use are switched off; the camera stays for failure photos. Only features the
 * browsers know: Chromium logs an error on every page for an unknown one (it did for `bluetooth`).
 */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), midi=()';

export default fp(async function securityHeaders(app: FastifyInstance, opts: { config: Pick<Config, 'TLS_MODE'> }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      // No helmet defaults: in particular no upgrade-insecure-requests, which would rewrite every asset of an
      // office server reached over plain http on its LAN address to https and show a blank page.
      useDefaults: false,
      directives: CSP_DIRECTIVES,
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // With the local CA, the install page stays on plain HTTP (INSTALL_PORT) under the same host name: HSTS
    // would turn a tablet's later visit to it into a failing HTTPS request.
    ...(opts.config.TLS_MODE === 'local' ? { strictTransportSecurity: false } : {}),
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  });
});
