// Comments and test names point a reader to the repository's own docs/, never to documents outside it (the
// product's specification and design notes live elsewhere and are not shipped with the code).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'tests', 'bench', 'scripts'];
const OUTSIDE = /\bspec 00[01]\b|\bspec §|DESIGN\.md|DESIGN §|\.\.\/shared\/spec|\bissues? #?\d+/i;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(path);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) ? [path] : [];
  });
}

describe('references in the code', () => {
  it('never point to documents outside the repository', () => {
    const offending = ROOTS.flatMap(files)
      .filter((f) => !f.endsWith('references.test.ts'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) => (OUTSIDE.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offending).toEqual([]);
  });
});
