// Imported first by main.tsx: zod builds its object parsers without `new Function`, so the app runs under a
// script-src without 'unsafe-eval' and zod's own probe for eval never raises a CSP violation (docs/security.md).
// zod keeps its settings in `globalThis.__zod_globalConfig` and adopts an object already there; setting it here,
// without importing zod, keeps zod out of the login screen's first download (tests/client/app/strict-csp.test.ts).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
