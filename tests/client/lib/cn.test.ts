// cn (clsx + tailwind-merge) on the overrides the app relies on: a caller's className wins over a primitive's own
// classes of the same group, whatever the order of the utilities in the stylesheet, and leaves the rest alone.
import { describe, expect, it } from 'vitest';
import { badgeVariants } from '@client/components/ui/badge';
import { inputClass } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';

const has = (classes: string, ...names: string[]) => names.every((n) => classes.split(' ').includes(n));

describe('cn', () => {
  it("a primitive's className overrides its padding, shorthands over sides (CardContent p-0, a dense row)", () => {
    expect(cn('p-4', 'p-0')).toBe('p-0');
    expect(cn('px-2 py-1', 'p-4')).toBe('p-4');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
  });

  it('lets a caller override the input primitive (height, background, right padding) and keeps the rest', () => {
    const merged = cn(inputClass, 'h-8 bg-muted pr-9 tabular-nums');
    expect(has(merged, 'h-8', 'bg-muted', 'pr-9', 'px-3', 'tabular-nums', 'disabled:bg-muted', 'focus-visible:ring-2')).toBe(true);
    expect(has(merged, 'h-9')).toBe(false);
    expect(has(merged, 'bg-white')).toBe(false);
  });

  it("keeps sizes apart from the theme's colours: the active page button over the plain one", () => {
    const plain = 'h-8 rounded-md border border-border bg-white px-2.5 text-sm text-slate-700 hover:bg-accent disabled:hover:bg-white';
    expect(cn(plain, 'border-primary bg-primary text-primary-foreground hover:bg-primary')).toBe(
      'h-8 rounded-md border px-2.5 text-sm disabled:hover:bg-white border-primary bg-primary text-primary-foreground hover:bg-primary',
    );
    expect(cn('px-2 py-1.5 text-xs font-semibold text-muted-foreground', 'bg-brand-700 text-white uppercase')).toBe(
      'px-2 py-1.5 text-xs font-semibold bg-brand-700 text-white uppercase',
    );
  });

  it('lets a badge drop its capitals and its nowrap', () => {
    const merged = cn(badgeVariants({ variant: 'info' }), 'whitespace-normal normal-case');
    expect(has(merged, 'whitespace-normal', 'normal-case', 'text-xs', 'text-sky-800')).toBe(true);
    expect(has(merged, 'uppercase') || has(merged, 'whitespace-nowrap')).toBe(false);
  });

  it('joins conditional inputs like clsx', () => {
    expect(cn('p-4', false, null, undefined, ['p-0', { 'text-xs': true, 'text-lg': false }])).toBe('p-0 text-xs');
  });
});
