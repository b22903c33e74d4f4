// zod under the app's CSP: after src/client/lib/strict-csp.ts, building and running object schemas never calls
// `new Function` (which a script-src without 'unsafe-eval' refuses and reports as a violation).
import { afterEach, expect, it } from 'vitest';

const original = globalThis.Function;
afterEach(() => {
  globalThis.Function = original;
});

/** Counts `new Function(...)` from here on. */
function countFunctionConstructions(): { count: number } {
  const seen = { count: 0 };
  globalThis.Function = new Proxy(original, {
    construct(target, args) {
      seen.count++;
      return Reflect.construct(target, args) as object;
    },
  });
  return seen;
}

it('zod parses objects without new Function once strict-csp is loaded', async () => {
  await import('@client/lib/strict-csp');
  const seen = countFunctionConstructions();
  const { z } = await import('zod');
  expect(z.config().jitless).toBe(true);
  const schema = z.object({ nro_vale: z.string(), lineas: z.array(z.object({ cantidad: z.number() })) });
  for (let i = 0; i < 3; i++) expect(schema.parse({ nro_vale: 'V-1', lineas: [{ cantidad: i }] }).lineas[0].cantidad).toBe(i);
  expect(seen.count).toBe(0);
});

it('the check can fail: with the eval path allowed, zod does build a parser with new Function', async () => {
  const { z } = await import('zod');
  z.config({ jitless: false });
  const seen = countFunctionConstructions();
  const schema = z.object({ a: z.string(), b: z.number() });
  schema.parse({ a: 'x', b: 1 });
  z.config({ jitless: true });
  expect(seen.count).toBeGreaterThan(0);
});
