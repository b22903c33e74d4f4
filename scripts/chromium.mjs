// Finds Debian's Chromium (CHROMIUM_PATH or `chromium` on PATH); with --install, installs it with apt.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function chromiumPath() {
  if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/bash' }).toString().trim() || null;
  } catch {
    return null;
  }
}

if (process.argv.includes('--install') && !chromiumPath()) {
  console.log('Instalando Chromium de Debian…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}
if (process.argv.includes('--print')) console.log(chromiumPath() ?? '');
