// Vite plugin: index.html modulepreloads the lazy login page and the chunks it imports, so the browser fetches and
// compiles them while the entry chunk downloads. Without it they were asked for only once the entry had run and the
// router had matched the login route: one more round trip and a second evaluation after it, all before the first
// paint (docs/architecture.md, 'The login screen's first download').
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { staticClosure, type ChunkLike } from './initial-js-report.ts';

/** The chunks `screen` needs at load that the entry does not already import (Vite preloads those itself). */
export function screenPreloads(bundle: Record<string, ChunkLike>, entry: string, screen: string): string[] {
  const own = new Set(staticClosure(bundle, [entry]));
  return staticClosure(bundle, [screen]).filter((f) => !own.has(f));
}

export function preloadScreen(screenModule: string): Plugin {
  return {
    name: 'preload-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] {
        const bundle = ctx.bundle as unknown as Record<string, ChunkLike> | undefined;
        const entry = ctx.chunk?.fileName;
        const screen = Object.values(bundle ?? {}).find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(screenModule));
        if (!bundle || !entry || !screen) return [];
        return screenPreloads(bundle, entry, screen.fileName).map((f) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
