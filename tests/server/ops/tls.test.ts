// The office's local CA (TLS_MODE=local): made once, its certificate renewed near expiry, when the names
// change, or when another CA signed it — and kept otherwise, so the tablets install the CA only once.
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpsSetup } from '../../../src/server/ops/https';
import { ensureLocalTls, spkiHash } from '../../../src/server/ops/tls';

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
