// The office's own certificate authority (TLS_MODE=local): browsers give a service worker (offline work,
// installing the app) only to a secure origin, and a municipal office rarely has a certificate for a LAN
// address. On first start the server makes a CA in DATA_DIR/tls (its private key stays there, 0600, never
// served), the tablets install the CA once from the install page, and the server signs its own certificate
// for this machine's names and LAN addresses — renewed before it expires and when the addresses change.
import { createHash, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import forge from 'node-forge';

/** Server certificates live 397 days (the longest any browser accepts) and are renewed 30 days before. */
const SERVER_DAYS = 397;
const RENEW_DAYS = 30;
/** The CA is installed by hand on every tablet, so it lives long (20 years). */
const CA_YEARS = 20;
const DAY = 86_400_000;

export interface LocalTls {
  /** Server certificate followed by the CA (PEM), for the HTTPS server. */
  cert: string;
  key: string;
  caPem: string;
  caDer: Buffer;
  /** SHA-256 fingerprint of the CA ("AB:CD:…"), shown on the install page to check the download. */
  caFingerprint: string;
  expiresAt: Date;
  names: string[];
  /** True when this call made a new server certificate (first start, expiry near, addresses changed). */
  renewed: boolean;
}

/** This machine's IPv4 LAN addresses (no loopback, no link-local). */
export function lanAddresses(): string[] {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) {
      if (a.family === 'IPv4' && !a.internal && !a.address.startsWith('169.254.')) out.add(a.address);
    }
  }
  return [...out].sort();
}

/** Names the certificate covers: host name (and .local), localhost, loopback, LAN addresses, TLS_HOSTS. */
export function certificateNames(extra: string): string[] {
  const host = hostname().toLowerCase();
  const names = new Set<string>(['localhost', '127.0.0.1', ...lanAddresses()]);
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)) {
    names.add(host);
    if (!host.includes('.')) names.add(`${host}.local`);
  }
  for (const n of extra.split(',')) if (n.trim()) names.add(n.trim().toLowerCase());
  return [...names].sort();
}

const serial = () => {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f; // a positive serial number
  return bytes.toString('hex');
};

function rsaKeys(): { privateKey: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; pem: string } {
  // Node makes the key (fast, native); forge only signs the certificates.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey),
    publicKey: forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey,
    pem: privateKey,
  };
}

function makeCa(now: Date): { cert: string; key: string } {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now.getTime() - DAY);
  cert.validity.notAfter = new Date(now.getTime() + CA_YEARS * 365 * DAY);
  const subject = [
    { name: 'commonName', value: `Maquinarias - autoridad local (${hostname().slice(0, 30)})` },
    { name: 'organizationName', value: 'Sistema de maquinarias' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.pem };
}

function makeServerCert(ca: { cert: string; key: string }, names: string[], now: Date): { cert: string; key: string } {
  const caCert = forge.pki.certificateFromPem(ca.cert);
  const caKey = forge.pki.privateKeyFromPem(ca.key);
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now.getTime() - DAY);
  cert.validity.notAfter = new Date(now.getTime() + SERVER_DAYS * DAY);
  cert.setSubject([{ name: 'commonName', value: names.find((n) => !isIP(n) && n !== 'localhost') ?? 'localhost' }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: names.map((n) => (isIP(n) ? { type: 7, ip: n } : { type: 2, value: n })) },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: caCert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, forge.md.sha256.create());
  return { cert: forge.pki.certificateToPem(cert), key: keys.pem };
}

/** The names a certificate covers, read back from its subjectAltName. */
function namesOf(cert: X509Certificate): string[] {
  return (cert.subjectAltName ?? '')
    .split(', ')
    .map((s) => s.replace(/^(DNS|IP Address):/, '').toLowerCase())
    .filter(Boolean)
    .sort();
}

export const tlsDir = (dataDir: string) => join(resolve(dataDir), 'tls');

/**
 * Loads (or makes) the CA and the server certificate in DATA_DIR/tls. A new server certificate is made when
 * there is none, it expires within 30 days, it does not cover exactly `names`, or another CA signed it.
 */
export function ensureLocalTls(dataDir: string, names: string[], now = new Date()): LocalTls {
  const dir = tlsDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (n: string) => join(dir, n);
  if (!existsSync(file('ca-key.pem')) || !existsSync(file('ca.pem'))) {
    const ca = makeCa(now);
    writeFileSync(file('ca-key.pem'), ca.key, { mode: 0o600 });
    writeFileSync(file('ca.pem'), ca.cert);
  }
  const ca = { cert: readFileSync(file('ca.pem'), 'utf8'), key: readFileSync(file('ca-key.pem'), 'utf8') };
  const caX509 = new X509Certificate(ca.cert);

  let renewed = false;
  let current = existsSync(file('server.pem')) ? new X509Certificate(readFileSync(file('server.pem'), 'utf8')) : null;
  const due =
    !current ||
    !existsSync(file('server-key.pem')) ||
    new Date(current.validTo).getTime() - now.getTime() < RENEW_DAYS * DAY ||
    namesOf(current).join(',') !== [...names].sort().join(',') ||
    !current.checkIssued(caX509) ||
    !current.verify(caX509.publicKey);
  if (due) {
    const made = makeServerCert(ca, names, now);
    writeFileSync(file('server-key.pem'), made.key, { mode: 0o600 });
    writeFileSync(file('server.pem'), made.cert);
    current = new X509Certificate(made.cert);
    renewed = true;
  }
  return {
    cert: readFileSync(file('server.pem'), 'utf8') + ca.cert,
    key: readFileSync(file('server-key.pem'), 'utf8'),
    caPem: ca.cert,
    caDer: caX509.raw,
    caFingerprint: caX509.fingerprint256,
    expiresAt: new Date(current!.validTo),
    names: namesOf(current!),
    renewed,
  };
}

/** Base64 SHA-256 of a certificate's public key (what Chromium's --ignore-certificate-errors-spki-list takes). */
export function spkiHash(pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}
