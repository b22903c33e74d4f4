// HTTPS on the office LAN with no outside help: a server started with TLS_MODE=local makes its own CA and
// certificate, serves the install page over plain HTTP and redirects the rest; a tablet-sized Chromium that
// trusts the CA opens the app over https://<LAN address>, gets the service worker and works offline.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createSecureContext } from 'node:tls';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { LABELS } from '@shared/messages';
import { lanAddresses, permittedOf, spkiHash } from '../../src/server/ops/tls';
import { PASSWORD, shot } from './browser';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '0.0.0.0', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A request over HTTPS trusting only the office CA (Node's own check of the certificate and its names). */
function httpsCall(
  url: string,
  ca: string,
  opts: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = {};
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.method && opts.method !== 'GET') headers['idempotency-key'] = randomUUID();
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, rejectUnauthorized: true, method: opts.method ?? 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(opts.body === undefined ? undefined : JSON.stringify(opts.body));
  });
}
const httpsGet = (url: string, ca: string) => httpsCall(url, ca);

/** The admin's own password, so the browser logs in without the forced change of the default one. */
const ADMIN_PASSWORD = 'Oficina-Segura-2026';

let child: ChildProcess;
let dataDir: string;
let port: number;
let installPort: number;
let browser: Browser;
/** The LAN address when the machine has one (what a tablet would open), else loopback. */
const address = lanAddresses()[0] ?? '127.0.0.1';
const L = LABELS.operaciones;
const caPem = () => readFileSync(join(dataDir, 'tls', 'ca.pem'), 'utf8');

beforeAll(async () => {
  port = await freePort();
  installPort = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'maq-https-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      INSTALL_PORT: String(installPort),
      HOST: '0.0.0.0',
      TLS_MODE: 'local',
      TLS_CERT_FILE: '',
      TLS_KEY_FILE: '',
      DATA_DIR: dataDir,
      SEED: 'base',
      DEFAULT_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const end = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó con código ${child.exitCode}`);
    try {
      if ((await httpsGet(`https://${address}:${port}/api/health`, caPem())).status === 200) break;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error('el servidor HTTPS no respondió');
    await new Promise((r) => setTimeout(r, 500));
  }
  const api = `https://${address}:${port}/api`;
  const login = await httpsCall(`${api}/login`, caPem(), { method: 'POST', body: { username: 'admin', password: PASSWORD } });
  const token = JSON.parse(login.body).access_token as string;
  const users = JSON.parse((await httpsCall(`${api}/usuarios`, caPem(), { token })).body) as { id: number; username: string }[];
  const adminId = users.find((u) => u.username === 'admin')!.id;
  const set = await httpsCall(`${api}/usuarios/setpwd/${adminId}`, caPem(), {
    method: 'PUT',
    token,
    body: { id: adminId, password: ADMIN_PASSWORD, confirmedPassword: ADMIN_PASSWORD },
  });
  expect(set.status).toBe(200);
  // Chromium trusts exactly this CA: certificate errors are ignored only for chains holding its key.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', `--ignore-certificate-errors-spki-list=${spkiHash(caPem())}`],
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  child?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 800));
  rmSync(dataDir, { recursive: true, force: true });
});

test('the CA and certificate live in DATA_DIR/tls; the certificate covers this address and loopback, signed by the CA', () => {
  expect(readdirSync(join(dataDir, 'tls')).sort()).toEqual(['ca-key.pem', 'ca.pem', 'server-key.pem', 'server.pem']);
  const cert = new X509Certificate(readFileSync(join(dataDir, 'tls', 'server.pem')));
  expect(cert.checkIssued(new X509Certificate(caPem()))).toBe(true);
  expect(cert.checkIP(address)).toBe(address);
  expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
  // The CA can vouch only for the office: its names, .local and the private and loopback ranges.
  expect(permittedOf(caPem())?.dns).toContain('local');
  expect(permittedOf(caPem())?.ranges).toContain('192.168.0.0/16');
  const days = (new Date(cert.validTo).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(390);
  expect(days).toBeLessThanOrEqual(398);
});

test('plain HTTP serves only the install page and the CA certificate; everything else goes to HTTPS', async () => {
  const base = `http://${address}:${installPort}`;
  const page = await fetch(`${base}/`);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Instalar en esta tableta');
  for (const system of ['Android', 'iPad', 'Windows']) expect(html).toContain(system);
  expect(html).toContain(`https://${address}:${port}/`);
  expect(html).not.toMatch(/<(script|link)\b|src="http/);

  const ca = await fetch(`${base}/certificado-maquinarias.crt`);
  expect(ca.headers.get('content-type')).toBe('application/x-x509-ca-cert');
  expect(Buffer.from(await ca.arrayBuffer()).equals(new X509Certificate(caPem()).raw)).toBe(true);

  for (const path of ['/api/health', '/salida?x=1', '/ca-key.pem']) {
    const res = await fetch(`${base}${path}`, { redirect: 'manual' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(`https://${address}:${port}${path}`);
  }
  // Plain http on the app port itself answers a redirect to https, not a reset connection.
  const plain = await fetch(`http://${address}:${port}/api/health?x=1`, { redirect: 'manual' });
  expect(plain.status).toBe(308);
  expect(plain.headers.get('location')).toBe(`https://${address}:${port}/api/health?x=1`);
  // The install page names the CA and its fingerprint (to compare with the console or the Operations page).
  expect(html).toContain(new X509Certificate(caPem()).fingerprint256);
  // Over HTTPS the CA's private key is not served either (the SPA answers unknown paths with its page).
  const key = await httpsGet(`https://${address}:${port}/ca-key.pem`, caPem());
  expect(key.body).not.toContain('PRIVATE KEY');
  const tls = await httpsGet(`https://${address}:${port}/tls/ca-key.pem`, caPem());
  expect(tls.body).not.toContain('PRIVATE KEY');
});

test('a tablet that trusts the CA opens the install page, then the app over HTTPS, installs the worker and works offline', async () => {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, locale: 'es-PE', timezoneId: 'America/Lima' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`http://${address}:${installPort}/`);
  await page.getByRole('heading', { name: 'Instalar en esta tableta' }).waitFor();
  await shot(page, 'office-install-page-tablet');
  await page.getByRole('link', { name: `Abrir https://${address}:${port}/` }).click();
  await page.waitForURL(`https://${address}:${port}/**`);

  await page.getByLabel(/usuario/i).fill('admin');
  await page.getByLabel(/contraseña/i).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: LABELS.shell.signIn }).click();
  const menu = page.getByRole('navigation', { name: LABELS.menu.navigation });
  await menu.waitFor();
  expect(await page.evaluate(() => window.isSecureContext && location.protocol)).toBe('https:');
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  await page.reload();
  await menu.waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await shot(page, 'office-https-app-tablet');

  await context.setOffline(true);
  await page.reload();
  await menu.waitFor();
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  expect(await page.getByRole('heading', { name: LABELS.shell.loginTitle }).count()).toBe(0);
  await shot(page, 'office-https-offline-tablet');
  await context.close();
});

test('the Operations page shows the local certificate, takes a backup now and downloads it', async () => {
  for (const viewport of [
    { width: 820, height: 1180 },
    { width: 1440, height: 900 },
  ]) {
    const context = await browser.newContext({ viewport, locale: 'es-PE', timezoneId: 'America/Lima', acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`https://${address}:${port}/`);
    await page.getByLabel(/usuario/i).fill('admin');
    await page.getByLabel(/contraseña/i).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: LABELS.shell.signIn }).click();
    await page.getByRole('button', { name: new RegExp(LABELS.shell.userMenu) }).click();
    await page.getByRole('menuitem', { name: LABELS.shell.operations }).click();
    await page.getByRole('heading', { name: L.title }).waitFor();
    await page.getByText(L.certMode.local).waitFor();
    expect(await page.getByText(L.dbKind.pglite).count()).toBe(1);
    await page.getByText(new X509Certificate(caPem()).fingerprint256).waitFor();
    if (viewport.width === 820) {
      // The CA with its key, password-protected, for safekeeping outside the server.
      await page.getByLabel(L.caExportPassword).fill('una-clave-larga-2026');
      await page.getByLabel(L.caExportConfirm).fill('una-clave-larga-2026');
      const [p12] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: L.caExport }).click()]);
      expect(p12.suggestedFilename()).toBe('autoridad-maquinarias.p12');
      const file = await p12.path();
      expect(() => createSecureContext({ pfx: readFileSync(file), passphrase: 'una-clave-larga-2026' })).not.toThrow();
    }

    const list = page.getByRole('list', { name: L.backups });
    const manual = list.locator('li').filter({ hasText: L.kind.manual });
    const before = await manual.count();
    await page.getByRole('button', { name: L.backupNow }).click();
    await page.getByRole('button', { name: L.backupNow }).waitFor(); // 'Creando la copia…' while it runs
    await expect.poll(() => manual.count()).toBe(before + 1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      manual
        .first()
        .getByRole('button', { name: new RegExp(`^${L.download} respaldo-`) })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^respaldo-.*\.gz$/);
    // Nothing a user needs sits behind sideways scroll.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(page, `office-operaciones-${viewport.width}`);
    await context.close();
  }
});
