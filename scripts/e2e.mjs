// `npm run test:e2e`: builds the PWA, then runs the Chromium end-to-end specs (the server is started by
// tests/e2e/global-setup.ts on a free port with a fresh database). E2E_SKIP_BUILD=1 uses the build already in
// dist/client: `npm test` (scripts/test.mjs) builds it beside the typecheck and the lint.
import { spawnSync } from 'node:child_process';
import { chromiumPath } from './chromium.mjs';

if (!chromiumPath()) {
  console.error('No se encontró Chromium: instale el paquete `chromium` (apt) o defina CHROMIUM_PATH.');
  process.exit(1);
}
if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
