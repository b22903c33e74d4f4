// index.html modulepreloads the login page's chunks that the entry does not already bring.
import { describe, expect, it } from 'vitest';
import { screenPreloads } from '../../scripts/preload-screen';

describe('screenPreloads', () => {
  it("lists the screen's chunk and its static imports, without those of the entry", () => {
    const bundle = {
      'index.js': { type: 'chunk' as const, fileName: 'index.js', isEntry: true, imports: ['react.js', 'router.js'] },
      'react.js': { type: 'chunk' as const, fileName: 'react.js', imports: [] },
      'router.js': { type: 'chunk' as const, fileName: 'router.js', imports: ['react.js'] },
      'login.js': { type: 'chunk' as const, fileName: 'login.js', imports: ['form.js', 'react.js'] },
      'form.js': { type: 'chunk' as const, fileName: 'form.js', imports: ['button.js'] },
      'button.js': { type: 'chunk' as const, fileName: 'button.js', imports: ['react.js'] },
      'pdf.js': { type: 'chunk' as const, fileName: 'pdf.js', imports: [] },
    };
    expect(screenPreloads(bundle, 'index.js', 'login.js').sort()).toEqual(['button.js', 'form.js', 'login.js']);
  });
});
