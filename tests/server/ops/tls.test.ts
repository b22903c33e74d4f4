// The office's local CA (TLS_MODE=local): made once, its certificate renewed near expiry, when the names
// change, or when another CA signed it — and kept otherwise, so the tablets install the CA only once.
import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { createServer as createHttpsServer, get as httpsGet } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, createSecureContext, createServer as createTlsServer } from 'node:tls';
import forge from 'node-forge';
import { afterAll, describe, expect, it } from 'vitest';
import { httpsSetup, redirectPlainHttp } from '../../../src/server/ops/https';
import { ensureLocalTls, exportCaPkcs12, permittedOf, reachableHosts, spkiHash } from '../../../src/server/ops/tls';

const DAY = 86_400_000;

describe('local certificate authority', () => {
  const dir = mkdtempSync(join(tmpdir(), 'maq-tls-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const names = ['127.0.0.1', '192.168.1.20', 'localhost', 'oficina'];
  const ca = () => readFileSync(join(dir, 'tls', 'ca.pem'), 'utf8');

  it('first start: a CA (key 0600) and a certificate for exactly the names, signed by it, valid 397 days', () => {
    const now = new Date();
    const t = ensureLocalTls(dir, names, now);
    expect(t.renewed).toBe(true);
    expect(statSync(join(dir, 'tls', 'ca-key.pem')).mode & 0o777).toBe(0o600);
    const cert = new X509Certificate(readFileSync(join(dir, 'tls', 'server.pem')));
    expect(cert.checkIssued(new X509Certificate(ca()))).toBe(true);
    expect(cert.checkIP('192.168.1.20')).toBe('192.168.1.20');
    expect(cert.checkHost('oficina')).toBe('oficina');
    expect(t.names).toEqual(names);
    expect(Math.round((t.expiresAt.getTime() - now.getTime()) / DAY)).toBe(397);
    // The served chain is the certificate then the CA; the private keys are only in DATA_DIR/tls.
    expect(t.cert.endsWith(ca())).toBe(true);
    expect(t.cert).not.toContain('PRIVATE KEY');
    expect(t.caDer.equals(new X509Certificate(ca()).raw)).toBe(true);
  });

  it('keeps the certificate while it is fresh and covers the same names (in any order)', () => {
    const before = readFileSync(join(dir, 'tls', 'server.pem'), 'utf8');
    const t = ensureLocalTls(dir, [...names].reverse(), new Date(Date.now() + 300 * DAY));
    expect(t.renewed).toBe(false);
    expect(readFileSync(join(dir, 'tls', 'server.pem'), 'utf8')).toBe(before);
  });

  it('renews 30 days before expiry and when the LAN address changes, always under the same CA', () => {
    const caBefore = ca();
    expect(ensureLocalTls(dir, names, new Date(Date.now() + 370 * DAY)).renewed).toBe(true);
    const moved = ensureLocalTls(dir, ['127.0.0.1', '192.168.1.44', 'localhost', 'oficina']);
    expect(moved.renewed).toBe(true);
    expect(moved.names).toContain('192.168.1.44');
    expect(moved.names).not.toContain('192.168.1.20');
    expect(ca()).toBe(caBefore);
  });

  it('re-signs a certificate another CA made', () => {
    const other = mkdtempSync(join(tmpdir(), 'maq-tls-other-'));
    try {
      ensureLocalTls(other, names);
      writeFileSync(join(dir, 'tls', 'server.pem'), readFileSync(join(other, 'tls', 'server.pem')));
      writeFileSync(join(dir, 'tls', 'server-key.pem'), readFileSync(join(other, 'tls', 'server-key.pem')));
      const t = ensureLocalTls(dir, ['127.0.0.1', '192.168.1.44', 'localhost', 'oficina']);
      expect(t.renewed).toBe(true);
      expect(new X509Certificate(readFileSync(join(dir, 'tls', 'server.pem'))).checkIssued(new X509Certificate(ca()))).toBe(true);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('TLS_CERT_FILE/TLS_KEY_FILE win over TLS_MODE=local', () => {
    const setup = httpsSetup({
      TLS_MODE: 'local',
      TLS_CERT_FILE: join(dir, 'tls', 'server.pem'),
      TLS_KEY_FILE: join(dir, 'tls', 'server-key.pem'),
      DATA_DIR: join(dir, 'no-usada'),
      TLS_HOSTS: '',
    });
    expect(setup.local).toBeNull();
    expect(setup.certificate().modo).toBe('archivos');
    expect(spkiHash(ca())).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});

/** A certificate for `name` signed with the CA's key: what a thief of the key would make. */
function leafSignedBy(dir: string, name: string): { cert: string; key: string } {
  const caCert = forge.pki.certificateFromPem(readFileSync(join(dir, 'tls', 'ca.pem'), 'utf8'));
  const caKey = forge.pki.privateKeyFromPem(readFileSync(join(dir, 'tls', 'ca-key.pem'), 'utf8'));
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = '0a' + Date.now().toString(16);
  cert.validity.notBefore = new Date(Date.now() - DAY);
  cert.validity.notAfter = new Date(Date.now() + 30 * DAY);
  cert.setSubject([{ name: 'commonName', value: `Equipo ${name}` }]); // not a host name: only the SAN is checked
  cert.setIssuer(caCert.subject.attributes);
  const ip = /^[\d.]+$/.test(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [ip ? { type: 7, ip: name } : { type: 2, value: name }] },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: privateKey };
}

/** A TLS handshake with Node's (OpenSSL's) chain check trusting only the CA: null when trusted, else the error. */
async function handshake(leaf: { cert: string; key: string }, caPem: string, name: string): Promise<string | null> {
  const server = createTlsServer({ cert: leaf.cert, key: leaf.key }, (s) => s.end());
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as { port: number }).port;
  try {
    return await new Promise<string | null>((ok) => {
      const s = connect({
        host: '127.0.0.1',
        port,
        ca: caPem,
        servername: /^[\d.]+$/.test(name) ? undefined : name,
        checkServerIdentity: () => undefined,
      });
      s.on('secureConnect', () => {
        s.destroy();
        ok(null);
      });
      s.on('error', (err: NodeJS.ErrnoException) => ok(`${err.code}: ${err.message}`));
    });
  } finally {
    server.close();
  }
}

describe('an office CA limited to the office', () => {
  const dir = mkdtempSync(join(tmpdir(), 'maq-tls-nc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const names = ['127.0.0.1', '192.168.1.20', 'localhost', 'oficina', 'oficina.local', 'maquinarias.muni.gob.pe'];

  it("vouches for the server's names, .local and the private and loopback ranges, and for nothing else", async () => {
    const t = ensureLocalTls(dir, names);
    expect(permittedOf(t.caPem)).toEqual({
      dns: ['local', 'localhost', 'maquinarias.muni.gob.pe', 'oficina', 'oficina.local'],
      ranges: [
        '10.0.0.0/8',
        '172.16.0.0/12',
        '192.168.0.0/16',
        '127.0.0.0/8',
        '0:0:0:0:0:0:0:1/128',
        'fc00:0:0:0:0:0:0:0/7',
        'fe80:0:0:0:0:0:0:0/10',
      ],
    });
    // The server's own certificate passes the chain check; so would one for another LAN device's address.
    expect(await handshake({ cert: t.cert, key: t.key }, t.caPem, 'oficina')).toBeNull();
    expect(await handshake(leafSignedBy(dir, 'impresora.local'), t.caPem, 'impresora.local')).toBeNull();
    expect(await handshake(leafSignedBy(dir, '10.9.8.7'), t.caPem, '10.9.8.7')).toBeNull();
    // Even with the CA's key, a certificate for a bank, a mail site or a public address is refused.
    for (const site of ['www.viabcp.com', 'mail.google.com', 'oficina.evil.com', '8.8.8.8']) {
      // (Node has no code of its own for OpenSSL's X509_V_ERR_PERMITTED_VIOLATION; its message says it.)
      expect([site, await handshake(leafSignedBy(dir, site), t.caPem, site)]).toEqual([site, 'UNSPECIFIED: permitted subtree violation']);
    }
  });

  it('replaces a CA made without constraints on the next start: new CA, certificate re-signed, the old one named for removal', () => {
    const old = mkdtempSync(join(tmpdir(), 'maq-tls-old-'));
    try {
      // A CA as the server made it before (no nameConstraints), with its certificate.
      const keys = forge.pki.rsa.generateKeyPair(1024);
      const ca = forge.pki.createCertificate();
      ca.publicKey = keys.publicKey;
      ca.serialNumber = '01';
      ca.validity.notBefore = new Date(Date.now() - DAY);
      ca.validity.notAfter = new Date(Date.now() + 3650 * DAY);
      const subject = [{ name: 'commonName', value: 'Maquinarias - autoridad local (vm)' }];
      ca.setSubject(subject);
      ca.setIssuer(subject);
      ca.setExtensions([
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      ]);
      ca.sign(keys.privateKey, forge.md.sha256.create());
      mkdirSync(join(old, 'tls'), { recursive: true });
      const oldPem = forge.pki.certificateToPem(ca);
      writeFileSync(join(old, 'tls', 'ca.pem'), oldPem);
      writeFileSync(join(old, 'tls', 'ca-key.pem'), forge.pki.privateKeyToPem(keys.privateKey), { mode: 0o600 });
      expect(permittedOf(oldPem)).toBeNull();

      const t = ensureLocalTls(old, names);
      expect(t.renewed).toBe(true);
      expect(permittedOf(t.caPem)).not.toBeNull();
      expect(t.caFingerprint).not.toBe(new X509Certificate(oldPem).fingerprint256);
      expect(t.replaced).toEqual({ name: 'Maquinarias - autoridad local (vm)', fingerprint: new X509Certificate(oldPem).fingerprint256 });
      expect(t.caName).toMatch(/^Maquinarias - oficina .+ \(\d{4}-\d{2}-\d{2}\)$/);
      const server = new X509Certificate(readFileSync(join(old, 'tls', 'server.pem')));
      expect(server.checkIssued(new X509Certificate(t.caPem))).toBe(true);
      // The old CA's key is gone; its certificate stays so the install page can name it.
      expect(readFileSync(join(old, 'tls', 'ca-anterior.pem'), 'utf8')).toBe(oldPem);
      expect(readFileSync(join(old, 'tls', 'ca-key.pem'), 'utf8')).not.toContain(forge.pki.privateKeyToPem(keys.privateKey).slice(40, 80));
      // The next start keeps the new CA.
      expect(ensureLocalTls(old, names).caFingerprint).toBe(t.caFingerprint);
    } finally {
      rmSync(old, { recursive: true, force: true });
    }
  });

  it('keeps the CA when the LAN address moves inside the private ranges; makes a new one for a name it cannot vouch for', () => {
    const before = ensureLocalTls(dir, names).caFingerprint;
    const moved = ensureLocalTls(
      dir,
      names.map((n) => (n === '192.168.1.20' ? '10.20.30.40' : n)),
    );
    expect(moved.caFingerprint).toBe(before);
    expect(moved.replaced).toBeNull();
    const renamed = ensureLocalTls(dir, [...names, 'maquinarias.otra-muni.gob.pe']);
    expect(renamed.caFingerprint).not.toBe(before);
    expect(renamed.replaced?.fingerprint).toBe(before);
    expect(permittedOf(renamed.caPem)?.dns).toContain('maquinarias.otra-muni.gob.pe');
  });

  it('exports the CA with its key as a PKCS#12 file only its password opens', () => {
    const t = ensureLocalTls(dir, names);
    const { p12, fingerprint } = exportCaPkcs12(dir, 'una-clave-larga-2026');
    expect(fingerprint).toBe(t.caFingerprint);
    expect(() => createSecureContext({ pfx: p12, passphrase: 'otra-clave-cualquiera' })).toThrow();
    expect(() => createSecureContext({ pfx: p12, passphrase: 'una-clave-larga-2026' })).not.toThrow();
    const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), 'una-clave-larga-2026');
    const bags = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
    expect(new X509Certificate(forge.pki.certificateToPem(bags[0].cert!)).fingerprint256).toBe(t.caFingerprint);
    expect(parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]).toHaveLength(1);

    // Brought back on a new server as `openssl pkcs12 … -out` writes it (README): "Bag Attributes" lines before
    // each PEM block. The same CA goes on, so the tablets keep trusting it.
    const fresh = mkdtempSync(join(tmpdir(), 'maq-tls-back-'));
    try {
      mkdirSync(join(fresh, 'tls'));
      const bag = 'Bag Attributes\n    localKeyID: 01 02 03\nsubject=CN = x\nissuer=CN = x\n';
      writeFileSync(join(fresh, 'tls', 'ca.pem'), bag + forge.pki.certificateToPem(bags[0].cert!));
      const keyBag = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]![0];
      writeFileSync(join(fresh, 'tls', 'ca-key.pem'), bag + forge.pki.privateKeyToPem(keyBag.key!));
      const back = ensureLocalTls(fresh, names);
      expect(back.caFingerprint).toBe(t.caFingerprint);
      expect(back.replaced).toBeNull();
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});

describe('the app port and the console', () => {
  it('plain http on the HTTPS port answers a redirect to https; https keeps working on the same port', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'maq-tls-redir-'));
    const t = ensureLocalTls(dir, ['127.0.0.1', 'localhost']);
    const server = createHttpsServer({ cert: t.cert, key: t.key }, (_req, res) => res.end('hola'));
    redirectPlainHttp(server, () => (server.address() as { port: number }).port);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const port = (server.address() as { port: number }).port;
    try {
      for (let round = 0; round < 2; round++) {
        const plain = await new Promise<{ status?: number; location?: string; body: string }>((ok, fail) =>
          httpGet(`http://127.0.0.1:${port}/api/health?x=1`, (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => ok({ status: res.statusCode, location: res.headers.location, body }));
          }).on('error', fail),
        );
        expect(plain.status).toBe(308);
        expect(plain.location).toBe(`https://127.0.0.1:${port}/api/health?x=1`);
        expect(plain.body).toContain('conexión segura');
        const secure = await new Promise<string>((ok, fail) =>
          httpsGet(`https://localhost:${port}/`, { ca: t.caPem }, (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => ok(body));
          }).on('error', fail),
        );
        expect(secure).toBe('hola');
      }
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists the addresses HOST really answers on', () => {
    expect(reachableHosts('127.0.0.1', ['192.168.1.20'], 'oficina')).toEqual(['127.0.0.1']);
    expect(reachableHosts('::1', ['192.168.1.20'], 'oficina')).toEqual(['[::1]']);
    expect(reachableHosts('192.168.1.20', ['192.168.1.20', '10.0.0.5'], 'oficina')).toEqual(['192.168.1.20']);
    expect(reachableHosts('0.0.0.0', ['192.168.1.20', '10.0.0.5'], 'oficina')).toEqual([
      '192.168.1.20',
      '10.0.0.5',
      'oficina',
      'localhost',
    ]);
  });
});
