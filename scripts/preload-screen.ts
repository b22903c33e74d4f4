// Vite plugin: index.html modulepreloads the lazy login page and the chunks it imports, so the browser fetches and
// compiles them while the entry chunk downloads. Without it they were asked for only once the entry had run and the
// router had matched the login route: one more round trip and a second evaluation after it, all before the first
// paint (docs/architecture.md, 'The login screen's first download').
import { resolve } from 'node:path';
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

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * An index that re-exports more modules than this (lucide-react's, one per icon) is not followed: a module that
 * imports a few names through it would otherwise count as importing them all.
 */
const INDEX_IMPORTS = 200;

/** The modules `root` imports statically, transitively, itself included (see INDEX_IMPORTS). */
function moduleClosure(graph: ModuleGraph, root: string): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const imported = graph.getModuleInfo(id)?.importedIds ?? [];
    if (imported.length <= INDEX_IMPORTS) stack.push(...imported);
  }
  return seen;
}

/**
 * A code-splitting group (rolldown's `output.codeSplitting.groups`) that puts what the screen imports statically
 * beyond the entry's modules into one chunk. Left to itself the bundler made one small chunk per module the screen
 * shares with other lazy screens (the login had 15 of 1-3 KB): as many requests, over a browser's six connections
 * to a busy server, before the screen could be drawn. Rolldown adds the captured modules' dependencies to the group
 * (its default, which keeps the chunks free of cycles), React among them, so the entry imports this chunk too: the
 * login loads 6 files instead of 20, the same code. The screen's own module keeps its chunk (Vite's manifest names
 * it). The screen imports its icons by their own paths (`lucide-react/icons/x`), which the closure follows.
 */
export function screenChunkGroup(name: string, entryModule: string, screenModule: string) {
  let members: Set<string> | undefined;
  return {
    name(id: string, ctx: ModuleGraph): string | null {
      if (!members) {
        const entry = moduleClosure(ctx, resolve(entryModule));
        const screen = resolve(screenModule);
        members = new Set([...moduleClosure(ctx, screen)].filter((m) => !entry.has(m) && m !== screen));
      }
      return members.has(id) ? name : null;
    },
  };
}
