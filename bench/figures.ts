// One measured figure of `npm run bench` with its goal and verdict; the summary table and the JSON file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';

export interface Goal {
  op: '<=' | '<' | '==' | '>=';
  value: number;
}

export interface Figure {
  /** What was measured: 'list kit', 'DataTables (original)', 'PDF', 'offline', 'server (PGlite)', … */
  group: string;
  name: string;
  /** null when the figure could not be measured (see `extra.error`). */
  value: number | null;
  unit: 'ms' | 's' | 'KB' | 'count' | '×';
  goal?: Goal;
  /** Whether value meets the goal; absent without a goal. */
  pass?: boolean;
  /** Side figures (rows, total ms, p95, …). */
  extra?: Record<string, unknown>;
}

export function meets(value: number | null, goal: Goal): boolean {
  if (value === null) return false;
  if (goal.op === '<=') return value <= goal.value;
  if (goal.op === '<') return value < goal.value;
  if (goal.op === '>=') return value >= goal.value;
  return value === goal.value;
}

export function figure(
  group: string,
  name: string,
  value: number | null,
  unit: Figure['unit'],
  goal?: Goal,
  extra?: Record<string, unknown>,
): Figure {
  const f: Figure = { group, name, value, unit };
  if (goal) {
    f.goal = goal;
    f.pass = meets(value, goal);
  }
  if (extra) f.extra = extra;
  return f;
}

const fmt = (v: number | null, unit: Figure['unit']) =>
  v === null
    ? '—'
    : unit === 'count'
      ? String(v)
      : `${v.toFixed(unit === 'ms' && v >= 100 ? 0 : unit === 'KB' ? 1 : unit === '×' ? 2 : 1)} ${unit}`;
const OPS = { '<=': '≤', '<': '<', '==': '=', '>=': '≥' } as const;
const goalText = (g?: Goal, unit?: Figure['unit']) => (g ? `${OPS[g.op]} ${g.value}${unit === 'count' ? '' : ` ${unit}`}` : '');

/** Prints every figure as one table, grouped, with its goal and PASS/FAIL. */
export function printSummary(figures: Figure[]): void {
  const rows = figures.map((f) => [
    f.group,
    f.name,
    fmt(f.value, f.unit),
    goalText(f.goal, f.unit),
    f.pass === undefined ? '' : f.pass ? 'PASS' : 'FAIL',
  ]);
  const head = ['group', 'figure', 'value', 'goal', ''];
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 2 || i === 3 ? c.padStart(w[i]) : c.padEnd(w[i]))).join(' | ');
  console.log(`\n${line(head)}`);
  console.log(w.map((n) => '-'.repeat(n)).join('-|-'));
  for (const r of rows) console.log(line(r));
  const goals = figures.filter((f) => f.goal);
  const failed = goals.filter((f) => !f.pass);
  console.log(
    `\n${goals.length - failed.length} of ${goals.length} goals met${failed.length ? `; missed: ${failed.map((f) => `${f.group}: ${f.name}`).join('; ')}` : ''}.`,
  );
}

/** The machine the figures were taken on: the load average matters on a shared 2-core box. */
export function machine(): Record<string, unknown> {
  const [l1, l5, l15] = loadavg();
  return { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadavg: { '1m': l1, '5m': l5, '15m': l15 } };
}

export function writeResults(path: string, figures: Figure[], startLoad: Record<string, unknown>): void {
  mkdirSync(dirname(path), { recursive: true });
  const doc = { measuredAt: new Date().toISOString(), machineAtStart: startLoad, machineAtEnd: machine(), figures };
  writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`\nFigures written to ${path}`);
}
