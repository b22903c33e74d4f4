// The office's own certificate authority (TLS_MODE=local): browsers give a service worker (offline work,
// installing the app) only to a secure origin, and a municipal office rarely has a certificate for a LAN
// address. On first start the server makes a CA in DATA_DIR/tls (its private key stays there, 0600, never
// served), the tablets install the CA once from the install page, and the server signs its own certificate
// for this machine's names and LAN addresses — renewed before it expires and when the addresses change.
// The CA carries name constraints: it can vouch only for this server's names, `.local` and the private and
// loopback address ranges, never for a bank or a mail site (docs/security.md, "The office CA").
import { createHash, generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** Address ranges the CA may vouch for besides the server's names: private (RFC 1918, ULA), loopback, link-local. */
export const PERMITTED_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', '::1/128', 'fc00::/7', 'fe80::/10'];

export interface LocalTls {
  /** Server certificate followed by the CA (PEM), for the HTTPS server. */
  cert: string;
  key: string;
  caPem: string;
  caDer: Buffer;
  /** SHA-256 fingerprint of the CA ("AB:CD:…"), shown on the install page to check the download. */
  caFingerprint: string;
  /** The CA's name as a tablet lists it among its trusted certificates. */
  caName: string;
  /** The CA this one replaced (it could vouch for any site, or not for a name the server now needs), if any. */
  replaced: { name: string; fingerprint: string } | null;
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

/**
 * Where this server can be reached given HOST: every LAN address and the host name when it binds all interfaces
 * ('0.0.0.0', '::'), loopback only when it binds loopback, else the one address it binds. URL-ready (IPv6 in [ ]).
 */
export function reachableHosts(bind: string, lan = lanAddresses(), host = hostname().toLowerCase()): string[] {
  const url = (h: string) => (isIP(h) === 6 ? `[${h}]` : h);
  if (bind === '0.0.0.0' || bind === '::' || bind === '') {
    return [...lan, ...(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) ? [host] : []), 'localhost'];
  }
  return [url(bind)];
}

/** The TLS_HOSTS names, one list. */
export const extraHosts = (tlsHosts: string): string[] =>
  tlsHosts
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);

/** Names the certificate covers: host name (and .local), localhost, loopback, LAN addresses, TLS_HOSTS. */
export function certificateNames(extra: string): string[] {
  const host = hostname().toLowerCase();
  const names = new Set<string>(['localhost', '127.0.0.1', ...lanAddresses()]);
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)) {
    names.add(host);
    if (!host.includes('.')) names.add(`${host}.local`);
  }
  for (const n of extraHosts(extra)) names.add(n);
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

/** An address range ("192.168.0.0/16") as iPAddress bytes: the address then the mask (RFC 5280 4.2.1.10). */
function rangeBytes(range: string): string {
  const [addr, bitsText] = range.split('/');
  const bytes = ipBytes(addr);
  const bits = Number(bitsText ?? bytes.length * 8);
  const mask = bytes.map((_, i) => (i * 8 + 8 <= bits ? 0xff : i * 8 >= bits ? 0 : (0xff << (8 - (bits - i * 8))) & 0xff));
  return String.fromCharCode(...bytes.map((b, i) => b & mask[i]), ...mask);
}

function ipBytes(addr: string): number[] {
  if (isIP(addr) === 4) return addr.split('.').map(Number);
  // IPv6: expand '::' and read eight groups of 16 bits (an embedded IPv4 tail is not used here).
  const [head, tail = ''] = addr.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = addr.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return groups.flatMap((g) => {
    const n = parseInt(g || '0', 16);
    return [n >> 8, n & 0xff];
  });
}

function inRange(addr: string, range: string): boolean {
  const [base, bitsText] = range.split('/');
  if (isIP(addr) !== isIP(base)) return false;
  const a = ipBytes(addr);
  const r = rangeBytes(range);
  const bits = Number(bitsText);
  return a.every((b, i) => (i * 8 >= bits ? true : (b & r.charCodeAt(a.length + i)) === r.charCodeAt(i)));
}

/**
 * What the CA may vouch for: the server's host names (and the names under them), `local` (mDNS names), the
 * private and loopback ranges, and any address of `names` outside those ranges (a public TLS_HOSTS address).
 */
export function permittedFor(names: string[]): { dns: string[]; ranges: string[] } {
  const dns = new Set(['local']);
  const ranges = new Set(PERMITTED_RANGES);
  for (const n of names) {
    if (!isIP(n)) dns.add(n.toLowerCase());
    else if (!PERMITTED_RANGES.some((r) => inRange(n, r))) ranges.add(isIP(n) === 4 ? `${n}/32` : `${n}/128`);
  }
  return { dns: [...dns].sort(), ranges: [...ranges] };
}

/** True when `permitted` lets the CA vouch for every one of `names`. */
export function permitsAll(permitted: { dns: string[]; ranges: string[] }, names: string[]): boolean {
  return names.every((n) =>
    isIP(n) ? permitted.ranges.some((r) => inRange(n, r)) : permitted.dns.some((d) => n === d || n.endsWith(`.${d}`)),
  );
}

/** The nameConstraints extension (critical; permitted subtrees only), DER-encoded with forge's ASN.1. */
function nameConstraints(permitted: { dns: string[]; ranges: string[] }) {
  const { asn1 } = forge;
  const subtree = (tag: number, value: string) =>
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.CONTEXT_SPECIFIC, tag, false, value)]);
  const trees = [...permitted.dns.map((d) => subtree(2, d)), ...permitted.ranges.map((r) => subtree(7, rangeBytes(r)))];
  return {
    id: '2.5.29.30',
    critical: true,
    value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, trees)]),
  };
}

/** The permitted names of a CA's nameConstraints, or null when it has none (a CA made before the office CA was limited to the office). */
export function permittedOf(caPem: string): { dns: string[]; ranges: string[] } | null {
  const ext = forge.pki.certificateFromPem(caPem).getExtension({ name: 'nameConstraints' }) as
    { permittedSubtrees?: { type: number; value: string }[] } | undefined;
  if (!ext?.permittedSubtrees?.length) return null;
  const dns: string[] = [];
  const ranges: string[] = [];
  for (const t of ext.permittedSubtrees) {
    if (t.type === 2) dns.push(t.value.toLowerCase());
    if (t.type === 7) ranges.push(rangeText(t.value));
  }
  return { dns, ranges };
}

function rangeText(bytes: string): string {
  const b = [...bytes].map((c) => c.charCodeAt(0));
  const half = b.length / 2;
  const bits = b.slice(half).reduce((n, m) => n + m.toString(2).replace(/0/g, '').length, 0);
  const addr =
    half === 4 ? b.slice(0, 4).join('.') : Array.from({ length: 8 }, (_, i) => ((b[2 * i] << 8) | b[2 * i + 1]).toString(16)).join(':');
  return `${addr}/${bits}`;
}

function makeCa(now: Date, permitted: { dns: string[]; ranges: string[] }): { cert: string; key: string } {
  const keys = rsaKeys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now.getTime() - DAY);
  cert.validity.notAfter = new Date(now.getTime() + CA_YEARS * 365 * DAY);
  const subject = [
    // The date tells this CA apart from an older one still installed on a tablet (same office, same host).
    { name: 'commonName', value: `Maquinarias - oficina ${hostname().slice(0, 30)} (${now.toISOString().slice(0, 10)})` },
    { name: 'organizationName', value: 'Sistema de maquinarias' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    nameConstraints(permitted),
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

/**
 * The first PEM block of a file: what `openssl pkcs12` writes when the CA is brought back from its exported file
 * has "Bag Attributes" lines before it, which forge refuses.
 */
function readPem(path: string): string {
  const text = readFileSync(path, 'utf8');
  const m = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/.exec(text);
  return m && m.index > 0 ? `${m[0]}\n` : text;
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
  let replaced: LocalTls['replaced'] = null;
  if (existsSync(file('ca.pem')) && existsSync(file('ca-key.pem'))) {
    // A CA that may vouch for any site (made before name constraints), or not for a name this server now needs,
    // is replaced: the tablets install the new one and remove the old one (the install page says how). The old
    // certificate stays as ca-anterior.pem so the page can name it; its key is deleted.
    const old = readPem(file('ca.pem'));
    const permitted = permittedOf(old);
    if (!permitted || !permitsAll(permitted, names)) {
      writeFileSync(file('ca-anterior.pem'), old);
      rmSync(file('ca-key.pem'), { force: true });
    }
  }
  if (!existsSync(file('ca-key.pem')) || !existsSync(file('ca.pem'))) {
    const ca = makeCa(now, permittedFor(names));
    writeFileSync(file('ca-key.pem'), ca.key, { mode: 0o600 });
    writeFileSync(file('ca.pem'), ca.cert);
  }
  if (existsSync(file('ca-anterior.pem'))) {
    const old = new X509Certificate(readPem(file('ca-anterior.pem')));
    replaced = { name: commonName(old), fingerprint: old.fingerprint256 };
  }
  const ca = { cert: readPem(file('ca.pem')), key: readPem(file('ca-key.pem')) };
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
    caName: commonName(caX509),
    replaced,
    expiresAt: new Date(current!.validTo),
    names: namesOf(current!),
    renewed,
  };
}

const commonName = (x: X509Certificate) => /(?:^|\n)CN=([^\n]*)/.exec(x.subject)?.[1] ?? x.subject;

/**
 * The CA with its private key as a PKCS#12 file protected by `password`, for safekeeping outside the server (the
 * Operations page): with it a new server keeps the tablets' trust. AES-256 with PBKDF2 (forge's PBES2).
 */
export function exportCaPkcs12(dataDir: string, password: string): { p12: Buffer; fingerprint: string } {
  const dir = tlsDir(dataDir);
  const pem = readPem(join(dir, 'ca.pem'));
  const cert = forge.pki.certificateFromPem(pem);
  const key = forge.pki.privateKeyFromPem(readPem(join(dir, 'ca-key.pem')));
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: 'aes256', friendlyName: 'Maquinarias - oficina' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), fingerprint: new X509Certificate(pem).fingerprint256 };
}

/** Base64 SHA-256 of a certificate's public key (what Chromium's --ignore-certificate-errors-spki-list takes). */
export function spkiHash(pem: string): string {
  const der = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}
