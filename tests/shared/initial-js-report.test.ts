// The build's login-screen size report follows static imports only: lazy screens are not counted.
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../scripts/initial-js-report';

describe('staticClosure', () => {
  it('collects the roots and their static imports transitively, once each, ignoring assets and unknown names', () => {
    const bundle = {
      'index.js': { type: 'chunk' as const, fileName: 'index.js', isEntry: true, imports: ['react.js', 'router.js'] },
      'react.js': { type: 'chunk' as const, fileName: 'react.js', imports: [] },
      'router.js': { type: 'chunk' as const, fileName: 'router.js', imports: ['react.js', 'missing.js'] },
      'login.js': { type: 'chunk' as const, fileName: 'login.js', imports: ['form.js', 'react.js'] },
      'form.js': { type: 'chunk' as const, fileName: 'form.js', imports: [] },
      'pdf.js': { type: 'chunk' as const, fileName: 'pdf.js', imports: [] },
      'style.css': { type: 'asset' as const, fileName: 'style.css' },
    };
    expect(staticClosure(bundle, ['index.js', 'login.js']).sort()).toEqual(['form.js', 'index.js', 'login.js', 'react.js', 'router.js']);
    expect(staticClosure(bundle, ['style.css'])).toEqual([]);
  });
});
