// The app's own class merger (src/client/lib/cn.ts) against tailwind-merge, the library it replaced, on the
// combinations the app renders: each primitive's classes with the className its callers pass, and the conditional
// classes of the lists and menus. Plus the rules a Tailwind merge must keep (variants, '!', shorthands).
import { clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { badgeVariants } from '@client/components/ui/badge';
import { buttonVariants } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/input';
import { cn } from '@client/lib/cn';

const VARIANTS = ['default', 'secondary', 'destructive', 'outline', 'ghost', 'link', 'success'] as const;
const SIZES = ['default', 'sm', 'lg', 'icon', 'icon-sm'] as const;
const BADGES = ['info', 'success', 'warning', 'danger', 'secondary'] as const;

/** [classes of the primitive, what a caller or a condition adds], as they are in src/. */
const APP: [string, string][] = [
  ...VARIANTS.flatMap((variant) =>
    SIZES.flatMap((size) =>
      [
        'rounded-l-none',
        'mt-2 w-full',
        'flex',
        'text-slate-600',
        'relative text-slate-600',
        'text-sky-700 hover:text-sky-900',
        'absolute -top-2 -right-2 size-7 rounded-full shadow',
        'absolute left-2 rounded-full opacity-90',
        'text-red-700',
      ].map((extra): [string, string] => [buttonVariants({ variant, size }), extra]),
    ),
  ),
  ...[
    'h-9 w-40 rounded-r-none bg-slate-50 lg:w-52',
    'h-8 w-56',
    'h-9',
    'bg-muted text-right tabular-nums',
    'bg-muted text-right font-semibold tabular-nums',
    'h-8 min-w-48 flex-1',
    'pr-9 tabular-nums',
    'pr-8',
  ].map((extra): [string, string] => [inputClass, extra]),
  ...BADGES.flatMap((variant) =>
    ['line-clamp-2 max-w-[9.5rem] text-left whitespace-normal normal-case', 'ml-2 normal-case', 'whitespace-normal'].map(
      (extra): [string, string] => [badgeVariants({ variant }), extra],
    ),
  ),
  ['rounded-lg border border-border bg-white text-foreground shadow-sm', 'md:col-span-2'],
  ['flex flex-col gap-1 border-b border-border px-4 py-3', 'flex-row flex-wrap items-center justify-between gap-2'],
  ['p-4', 'p-0'],
  ['pt-4 focus-visible:outline-none', 'flex flex-col gap-4 data-[state=inactive]:hidden'],
  ['pt-4 focus-visible:outline-none', 'grid gap-3 sm:grid-cols-3'],
  [
    'flex min-h-16 w-full rounded-md border border-input bg-white px-3 py-2 text-sm shadow-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-[invalid=true]:border-destructive',
    'min-h-9 resize-none py-1.5 [field-sizing:content]',
  ],
  ['z-[80] min-w-44 overflow-hidden rounded-md border border-border bg-white p-1 text-sm text-foreground shadow-lg', 'w-80 p-0 sm:w-96'],
  ['px-2 py-1.5 text-xs font-semibold text-muted-foreground', 'bg-brand-700 px-3 py-2 text-xs tracking-wider text-white uppercase'],
  ['px-2 py-1.5 text-xs font-semibold text-muted-foreground', 'break-words md:hidden'],
  ['mb-1 inline-block text-sm font-medium text-slate-700 peer-disabled:opacity-70', 'sr-only'],
  ['size-12 shrink-0', 'size-24 md:size-32'],
  ['inline-flex items-center gap-2 text-muted-foreground', 'w-full justify-center py-8'],
  // side menu entry, pagination button: the active state over the plain one
  [
    'flex items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-200 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-amber-300 focus-visible:outline-none',
    'py-1.5 bg-white/15 font-semibold text-white',
  ],
  [
    'h-8 min-w-8 cursor-pointer rounded-md border border-border bg-white px-2.5 text-sm text-slate-700 hover:bg-accent disabled:cursor-default disabled:opacity-50 disabled:hover:bg-white',
    'border-primary bg-primary text-primary-foreground hover:bg-primary',
  ],
  ['font-semibold text-left', 'p-0'],
  ['px-2 py-2 align-middle text-right', 'whitespace-nowrap tabular-nums'],
];

/** Rules any Tailwind merge keeps: shorthands over sides, variants apart, '!' apart, sizes apart from colours. */
const RULES: [string, string][] = [
  ['px-2 py-1', 'p-4'],
  ['p-4', 'px-2'],
  ['w-4 h-4', 'size-6'],
  ['text-sm text-slate-700', 'text-white'],
  ['text-sm text-slate-700', 'text-lg'],
  ['text-[11px] leading-snug', 'text-xs'],
  ['border border-input', 'border-2 border-red-500'],
  ['border-b border-border', 'border-0'],
  ['hover:bg-accent bg-white', 'bg-primary'],
  ['md:hover:bg-accent', 'hover:md:bg-primary'],
  ['!size-5 size-4', 'size-3'],
  ['-mx-1 my-1', 'mx-2'],
  ['rounded-md rounded-l-none', 'rounded-full'],
  ['ring-2 ring-ring', 'ring-red-500'],
  ['shadow-sm', 'shadow-lg'],
  ['font-medium', 'font-mono'],
  ['flex', 'hidden'],
  ['relative', 'absolute'],
  ['overflow-x-auto', 'overflow-hidden'],
  ['[&_svg]:size-4 [&_svg]:shrink-0', '[&_svg]:size-3.5'],
];

describe('cn', () => {
  it.each([...APP, ...RULES])('%s + %s: the same classes as tailwind-merge', (base, extra) => {
    expect(cn(base, extra)).toBe(twMerge(clsx(base, extra)));
  });

  it('lets a caller override a primitive, whatever the stylesheet order', () => {
    expect(cn(inputClass, 'h-8 bg-muted').split(' ')).toEqual(expect.arrayContaining(['h-8', 'bg-muted']));
    expect(cn(inputClass, 'h-8 bg-muted').split(' ')).not.toEqual(expect.arrayContaining(['h-9']));
    expect(cn(inputClass, 'h-8 bg-muted')).not.toMatch(/(^| )bg-white( |$)/);
    expect(cn('p-4', false, null, undefined, ['p-0', { 'text-xs': true, 'text-lg': false }])).toBe('p-0 text-xs');
  });

  it('keeps unknown classes, dropping only the very same class repeated', () => {
    expect(cn('modal-overlay fixed', 'modal-overlay tabular-nums')).toBe('fixed modal-overlay tabular-nums');
  });
});
