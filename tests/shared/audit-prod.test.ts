// The offline side of `npm run audit:prod`: which packages of the lockfile are production ones, which versions the
// manual review in docs/security.md lists, and which installed packages differ from it.
import { describe, expect, it } from 'vitest';
import { productionPackages, reviewedVersions, reviewGaps } from '../../scripts/audit-prod';

const lock = {
  packages: {
    '': { dependencies: { fastify: '^5.0.0', jszip: '^3.0.0' } },
    'node_modules/fastify': { version: '5.12.8', dependencies: { 'fast-uri': '^3.0.0' } },
    'node_modules/fast-uri': { version: '3.1.9' },
    'node_modules/ajv/node_modules/fast-uri': { version: '4.2.3' },
    'node_modules/other/node_modules/fast-uri': { version: '3.1.9' },
    'node_modules/jszip': { version: '3.10.2' },
    'node_modules/vitest': { version: '4.1.12', dev: true },
    'node_modules/fsevents': { version: '2.3.3', devOptional: true },
    'node_modules/@esbuild/win32-x64': { version: '0.28.2', optional: true },
  },
};

const doc = [
  '# Security',
  '## Dependencies',
  '| `fastify` | 9.9.9 | not part of the review |',
  '### Dependency review (2026-11-24)',
  '',
  '| Package | Version | Advisories checked | Verdict | Source |',
  '| --- | --- | --- | --- | --- |',
  '| `fastify`  | 5.12.8 | GHSA-x | not affected | — |',
  '| `fast-uri` | 3.1.9, 4.2.3 | GHSA-y | not affected | — |',
  '| `pg` | 8.23.1 | — | no known advisory | — |',
  '## Sessions',
  '| `jszip` | 3.10.2 | after the section: ignored |',
].join('\n');

describe('audit-prod offline evidence', () => {
  it('lists production packages once per name and version, leaving dev and dev-optional ones out', () => {
    const pkgs = productionPackages(lock);
    expect(pkgs.map((p) => `${p.name}@${p.version}`)).toEqual([
      '@esbuild/win32-x64@0.28.2',
      'fast-uri@3.1.9',
      'fast-uri@4.2.3',
      'fastify@5.12.8',
      'jszip@3.10.2',
    ]);
    expect(pkgs.filter((p) => p.direct).map((p) => p.name)).toEqual(['fastify', 'jszip']);
    expect(pkgs.find((p) => p.name === '@esbuild/win32-x64')?.optional).toBe(true);
  });

  it('reads the reviewed versions from the review table only, several versions per row', () => {
    const reviewed = reviewedVersions(doc);
    expect([...reviewed.keys()]).toEqual(['fastify', 'fast-uri', 'pg']);
    expect([...reviewed.get('fast-uri')!]).toEqual(['3.1.9', '4.2.3']);
    expect([...reviewed.get('fastify')!]).toEqual(['5.12.8']);
    expect(reviewedVersions('# Security\nno review here').size).toBe(0);
  });

  it('names the packages installed at an unreviewed version and the direct ones missing from the review', () => {
    const pkgs = productionPackages(lock);
    expect(reviewGaps(pkgs, reviewedVersions(doc))).toEqual({ changed: [], missing: ['jszip@3.10.2'] });
    const older = reviewedVersions(doc.replace('| 5.12.8 |', '| 5.12.3 |'));
    expect(reviewGaps(pkgs, older).changed).toEqual([{ name: 'fastify', installed: '5.12.8', reviewed: ['5.12.3'] }]);
  });
});
