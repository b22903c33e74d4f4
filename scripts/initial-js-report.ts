// Vite plugin: after `npm run build`, prints the JavaScript a browser must download to show the login screen
// (the entry chunk, the lazy login page and everything they import statically), raw and gzipped.
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  code?: string;
}

/** The file names a set of chunks needs at load: themselves and their static imports, transitively. */
export function staticClosure(bundle: Record<string, ChunkLike>, roots: string[]): string[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const name = stack.pop() as string;
    if (seen.has(name)) continue;
    const chunk = bundle[name];
    if (!chunk || chunk.type !== 'chunk') continue;
    seen.add(name);
    stack.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

export function initialJsReport(screenModule: string): Plugin {
  return {
    name: 'initial-js-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Record<string, ChunkLike>;
      const all = Object.values(chunks).filter((c) => c.type === 'chunk');
      const entry = all.find((c) => c.isEntry && !c.fileName.includes('sw'));
      const screen = all.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(screenModule));
      if (!entry || !screen) return;
      const files = staticClosure(chunks, [entry.fileName, screen.fileName]);
      let raw = 0;
      let gz = 0;
      for (const f of files) {
        const code = Buffer.from(chunks[f].code ?? '');
        raw += code.length;
        gz += gzipSync(code).length;
      }
      console.log(`\nJS inicial de la pantalla de login: ${kb(raw)} (gzip ${kb(gz)}) en ${files.length} archivos\n`);
    },
  };
}
