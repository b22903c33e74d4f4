// Starts the real server (built PWA + API) on a free port with a fresh demo database for the e2e specs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

export const E2E_PASSWORD = 'Maquinaria2026!';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

// A loaded machine (several builds at once) can take longer to migrate and seed (108 s seen): E2E_SERVER_WAIT_MS
// raises the wait further.
async function waitHealthy(url: string, child: ChildProcess, ms = Number(process.env.E2E_SERVER_WAIT_MS) || 240_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó con código ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('el servidor no respondió a /api/health');
}

export default async function setup(project: TestProject) {
  // E2E_BASE_URL: run the specs against a server already started (with SEED=demo and DEFAULT_PASSWORD=E2E_PASSWORD),
  // so that repeated runs of one spec on a loaded machine skip the demo seed; E2E_DATA_DIR is its DATA_DIR.
  const external = process.env.E2E_BASE_URL;
  if (external) {
    project.provide('baseUrl', external.replace(/\/$/, ''));
    project.provide('dataDir', process.env.E2E_DATA_DIR ?? '');
    return;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'maq-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      DEFAULT_PASSWORD: E2E_PASSWORD,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Test-only: requests carrying the chaos header lose their answer after the commit (chaos-*.spec.ts).
      CHAOS_DROP_AFTER_COMMIT: 'header',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitHealthy(baseUrl, child);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
