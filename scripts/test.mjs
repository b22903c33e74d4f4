// `npm test`: the checks that run no test go side by side (typecheck, lint + knip, format, and the PWA build the e2e
// specs use: each is mostly one process on one core), then the server and client tests (two files at a time, they
// take both cores), then the e2e specs on that build. Each check's output is printed whole when it ends; the first
// failing stage stops the run, after its other checks have ended.
import { spawn, spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

if (!chromiumPath()) {
  console.error('No se encontró Chromium: instale el paquete `chromium` (apt) o defina CHROMIUM_PATH.');
  process.exit(1);
}

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function check(name, args) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      console.log(`\n── ${name}: ${code === 0 ? 'bien' : `falló (código ${code})`} en ${seconds(Date.now() - t0)}`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(code === 0);
    });
  });
}

const checks = await Promise.all([
  check('typecheck', ['tsc', '-p', 'tsconfig.json']),
  // knip after eslint, as `npm run lint` runs them.
  check('lint', ['eslint', '.', '--max-warnings', '0']).then((ok) => ok && check('knip', ['knip'])),
  check('format', ['prettier', '--check', '.']),
  check('build', ['vite', 'build', '--logLevel', 'warn']),
]);
if (checks.includes(false)) process.exit(1);

function stage(name, cmd, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n── ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`── ${name}: ${r.status === 0 ? 'bien' : 'falló'} en ${seconds(Date.now() - t0)}`);
  if (r.status !== 0) process.exit(r.status ?? 1);
}

stage('pruebas de servidor y cliente', 'npx', ['vitest', 'run', '--project', 'server', '--project', 'client']);
stage('end-to-end', process.execPath, ['scripts/e2e.mjs'], { E2E_SKIP_BUILD: '1' });
console.log(`\nnpm test: sin fallos en ${seconds(Date.now() - started)}`);
