// Debian's Chromium through playwright-core, launched one way for the e2e specs (browser.ts) and the bench.
import { execSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

/** CHROMIUM_PATH, or `chromium` on PATH; null when there is none. */
export function chromiumPath(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/bash' }).toString().trim() || null;
  } catch {
    return null;
  }
}

/** The executable, or a clear error naming what to install. */
export function requireChromium(): string {
  const path = chromiumPath();
  if (!path) throw new Error('No se encontró Chromium: instale el paquete `chromium` (apt) o defina CHROMIUM_PATH.');
  return path;
}

/** Headless in a container: no sandbox, GPU, background traffic or first-run screens. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchChromium(executablePath = requireChromium()): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
