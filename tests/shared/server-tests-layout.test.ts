// The server tests mirror src/server/modules (docs/architecture.md, "Tests and benchmarks"): a module's tests are
// tests/server/<module>.test.ts, or the folder tests/server/<module>/ when they need several files; a test file at
// the top of tests/server is named after a module. The tests of no single module live in the folders named in
// CROSS_CUTTING, after what they cover. Every module that registers routes has its tests.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = 'src/server/modules';
const TESTS = 'tests/server';
const CROSS_CUTTING = ['api', 'security', 'write-path', 'http', 'db', 'ops', 'integrations'];

const modules = readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const entries = readdirSync(TESTS, { withFileTypes: true });
const topTests = entries.filter((e) => e.isFile() && e.name.endsWith('.test.ts')).map((e) => e.name.replace(/\.test\.ts$/, ''));
const folders = entries.filter((e) => e.isDirectory() && e.name !== 'images').map((e) => e.name);

describe('the server tests', () => {
  it('name a module at the top of tests/server', () => {
    expect(topTests.filter((name) => !modules.includes(name))).toEqual([]);
  });

  it('keep their folders to modules and the documented cross-cutting ones', () => {
    expect(folders.filter((name) => !modules.includes(name) && !CROSS_CUTTING.includes(name))).toEqual([]);
  });

  it('cover every module that registers routes', () => {
    const withRoutes = modules.filter((m) => existsSync(join(MODULES, m, 'routes.ts')));
    expect(withRoutes.filter((m) => !topTests.includes(m) && !folders.includes(m))).toEqual([]);
  });
});
