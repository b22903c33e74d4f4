// `cn(...)`: joins class names (clsx) and drops the earlier of two Tailwind utilities that set the same thing, so a
// primitive's `className` overrides its own classes (`<Input className="h-8">` over `h-9`) whatever the order of the
// utilities in the stylesheet. A small own merger instead of tailwind-merge (27 kB, most of it its full Tailwind
// config), which kept the login screen's first download over its budget (README 'Rendimiento'): it knows the
// utility groups this app uses; an unknown utility only replaces the very same class. tests/client/lib/cn.test.ts
// checks it against tailwind-merge on the app's own combinations.
import { clsx, type ClassValue } from 'clsx';

const EXACT: Record<string, string> = {};
for (const [group, names] of Object.entries({
  display: 'block inline-block inline flex inline-flex grid inline-grid hidden contents table table-row table-cell flow-root',
  position: 'static fixed absolute relative sticky',
  'flex-direction': 'flex-row flex-row-reverse flex-col flex-col-reverse',
  'flex-wrap': 'flex-wrap flex-nowrap flex-wrap-reverse',
  'text-transform': 'uppercase lowercase capitalize normal-case',
  'font-style': 'italic not-italic',
  'text-decoration': 'underline overline line-through no-underline',
  visibility: 'visible invisible collapse',
  'sr-only': 'sr-only not-sr-only',
  truncate: 'truncate',
  shrink: 'shrink shrink-0',
  grow: 'grow grow-0',
  shadow: 'shadow',
  transition: 'transition',
})) {
  for (const name of names.split(' ')) EXACT[name] = group;
}

const TEXT_SIZE = /^(xs|sm|base|lg|\d?xl|\[\d[^\]]*(px|rem|em)\])$/;
const FONT_WEIGHT = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const LINE_STYLE = /^(solid|dashed|dotted|double|hidden|none)$/;
const WIDTH = /^(\d+|\[\d[^\]]*px\])$/;
const SIDES = '(x|y|t|r|b|l|s|e)';

/** Prefix groups: the utility's name up to its value sets one property (or a shorthand of the ones it conflicts with). */
const PREFIX = new RegExp(
  '^(' +
    [
      'p[xytrblse]?',
      'm[xytrblse]?',
      'size',
      'min-w',
      'min-h',
      'max-w',
      'max-h',
      'w',
      'h',
      'inset(-[xy])?',
      'top',
      'right',
      'bottom',
      'left',
      'start',
      'end',
      'gap(-[xy])?',
      'space-[xy]',
      'z',
      'order',
      'basis',
      'flex',
      'grid-cols',
      'grid-rows',
      'col-span',
      'row-span',
      'col-start',
      'col-end',
      'items',
      'justify-items',
      'justify-self',
      'justify',
      'content',
      'self',
      'place-items',
      'leading',
      'tracking',
      'whitespace',
      'break',
      'line-clamp',
      'opacity',
      'cursor',
      'select',
      'pointer-events',
      'overflow(-[xy])?',
      'object',
      'translate-[xy]',
      'rotate',
      'scale',
      'resize',
      'animate',
      'duration',
      'ease',
      'transition',
      'underline-offset',
      'decoration',
      'align',
      'list',
      'aspect',
      'fill',
      'stroke',
      'accent',
      'caret',
    ].join('|') +
    ')-',
);

/** The property group a utility (variants and '!' removed) sets; the class itself when unknown. */
function groupOf(u: string): string {
  if (u.startsWith('[') && u.includes(':')) return `[${u.slice(1, u.indexOf(':'))}]`;
  if (EXACT[u]) return EXACT[u];
  let m: RegExpMatchArray | null;
  if ((m = /^text-(.+)$/.exec(u))) {
    const v = m[1];
    if (TEXT_SIZE.test(v)) return 'text-size';
    if (/^(left|center|right|justify|start|end)$/.test(v)) return 'text-align';
    if (/^(wrap|nowrap|balance|pretty)$/.test(v)) return 'text-wrap';
    if (/^(ellipsis|clip)$/.test(v)) return 'text-overflow';
    return 'text-color';
  }
  if ((m = /^font-(.+)$/.exec(u))) return FONT_WEIGHT.test(m[1]) ? 'font-weight' : 'font-family';
  if ((m = /^bg-(.+)$/.exec(u))) return /^(gradient|linear|radial|conic|none$)/.test(m[1]) ? 'bg-image' : 'bg-color';
  if ((m = new RegExp(`^border(-${SIDES})?(-(.+))?$`).exec(u))) {
    const side = m[2] ?? '';
    const v = m[4];
    if (v === undefined || WIDTH.test(v)) return `border-w${side}`;
    if (!side && LINE_STYLE.test(v)) return 'border-style';
    return `border-color${side}`;
  }
  if ((m = /^rounded(-(t|r|b|l|tl|tr|br|bl|s|e|ss|se|es|ee))?(-|$)/.exec(u))) return `rounded${m[2] ?? ''}`;
  if ((m = /^ring-offset-(.+)$/.exec(u))) return WIDTH.test(m[1]) ? 'ring-offset-w' : 'ring-offset-color';
  if (u === 'ring') return 'ring-w';
  if ((m = /^ring-(.+)$/.exec(u))) return WIDTH.test(m[1]) || m[1] === 'inset' ? 'ring-w' : 'ring-color';
  if ((m = /^outline-(.+)$/.exec(u))) return LINE_STYLE.test(m[1]) ? 'outline-style' : WIDTH.test(m[1]) ? 'outline-w' : 'outline-color';
  if ((m = /^shadow-(.+)$/.exec(u))) return /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(m[1]) ? 'shadow' : 'shadow-color';
  if (/^flex-(\d|auto|initial|none|\[)/.test(u)) return 'flex';
  if ((m = PREFIX.exec(u))) return m[1];
  return u;
}

/** Groups a later utility of a group also overrides (a shorthand over its sides). */
const COVERS: Record<string, string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left', 'start', 'end'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  'text-size': ['leading'],
  // line-clamp-N sets display and overflow too
  'line-clamp': ['display', 'overflow', 'overflow-x', 'overflow-y'],
  rounded: ['roundedt', 'roundedr', 'roundedb', 'roundedl', 'roundedtl', 'roundedtr', 'roundedbr', 'roundedbl', 'roundeds', 'roundede'],
  'border-w': ['border-wx', 'border-wy', 'border-wt', 'border-wr', 'border-wb', 'border-wl', 'border-ws', 'border-we'],
  'border-wx': ['border-wr', 'border-wl'],
  'border-wy': ['border-wt', 'border-wb'],
  'border-color': ['border-colorx', 'border-colory', 'border-colort', 'border-colorr', 'border-colorb', 'border-colorl'],
};

/** The variants (sorted: `hover:md:` is `md:hover:`) and the utility of a class; `[&_svg]:size-4` keeps its selector. */
function split(cls: string): [string, string] {
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < cls.length; i++) {
    const c = cls[i];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === ':' && depth === 0) cut = i;
  }
  const variants = cut < 0 ? '' : cls.slice(0, cut).split(':').sort().join(':');
  let u = cls.slice(cut + 1);
  let important = '';
  if (u.startsWith('!') || u.endsWith('!')) {
    important = '!';
    u = u.startsWith('!') ? u.slice(1) : u.slice(0, -1);
  }
  if (u.startsWith('-')) u = u.slice(1);
  return [`${variants}${important}|`, u];
}

/**
 * Merged strings already worked out. An app has a few hundred distinct class combinations and a list redraws the
 * same ones for every row and cell, so each is parsed once. Bounded in case a caller builds classes from data.
 */
const merged = new Map<string, string>();
const MERGED_MAX = 2000;

/** Class names joined; of two utilities that set the same property under the same variants, the later one stays. */
export function mergeClasses(classes: string): string {
  let out = merged.get(classes);
  if (out === undefined) {
    out = mergeUncached(classes);
    if (merged.size >= MERGED_MAX) merged.clear();
    merged.set(classes, out);
  }
  return out;
}

function mergeUncached(classes: string): string {
  const list = classes.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const [scope, utility] = split(list[i]);
    const group = groupOf(utility);
    const key = scope + group;
    if (taken.has(key)) continue;
    taken.add(key);
    for (const covered of COVERS[group] ?? []) taken.add(scope + covered);
    kept.push(list[i]);
  }
  return kept.reverse().join(' ');
}

export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}
