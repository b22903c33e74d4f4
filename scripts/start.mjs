// `npm start`: builds the PWA when its build is missing or older than the sources, then runs the server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

const built = join('dist', 'client', 'index.html');
const sources = Math.max(newest('src/client'), newest('src/shared'), newest('sw'), newest('public'), statSync('index.html').mtimeMs);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Compilando la aplicación web (vite build)…');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
