// Groups the one-row-per-item lines of an order file into orders; an order with any bad line (invalid
// value, header that differs between its lines, repeated item, number reused by another orden_id) is
// not imported at all, and each of its lines is reported.
import { MSG } from '@shared/messages';
import type { SheetRow } from './import-read';
import type { ImportIssue, SourceRow, ValidRow } from './import-sources';

type OrderSource = 'ordenes-compra' | 'ordenes-servicio';

export interface OrderSpec<S extends OrderSource> {
  /** Column with the order number (compared without leading zeros, together with anio). */
  nro: keyof SourceRow<S> & string;
  /** Columns that must be equal on every line of one order. */
  header: (keyof SourceRow<S> & string)[];
  /** Column that must not repeat inside one order. */
  itemKey?: keyof SourceRow<S> & string;
}

export function groupOrders<S extends OrderSource, O>(
  valid: ValidRow<S>[],
  rowErrors: ImportIssue[],
  allRows: SheetRow[],
  spec: OrderSpec<S>,
  build: (first: SourceRow<S>, rows: SourceRow<S>[]) => O,
): { orders: O[]; lines: number; errors: ImportIssue[] } {
  const errors: ImportIssue[] = [];
  const badLines = new Map<number, number[]>();
  const taint = (ordenId: number, line: number) => badLines.set(ordenId, [...(badLines.get(ordenId) ?? []), line]);
  for (const e of rowErrors) {
    const raw = allRows.find((r) => r.line === e.line)?.values.orden_id;
    if (typeof raw === 'string' && /^\s*\d+\s*$/.test(raw)) taint(Number(raw), e.line);
  }

  const groups = new Map<number, ValidRow<S>[]>();
  for (const v of valid) {
    const id = (v.row as { orden_id: number }).orden_id;
    groups.set(id, [...(groups.get(id) ?? []), v]);
  }

  const numbers = new Map<string, { ordenId: number; line: number }>();
  const reported = new Set<number>();
  for (const [ordenId, rows] of groups) {
    const first = rows[0];
    const f = first.row as Record<string, unknown>;
    const key = `${String(f[spec.nro]).replace(/^0+(?=\d)/, '')}/${String(f.anio)}`;
    const other = numbers.get(key);
    if (other && other.ordenId !== ordenId) {
      errors.push({ line: first.line, message: MSG.importLine(first.line, MSG.importOrderDuplicate(other.line)) });
      reported.add(first.line);
      taint(ordenId, first.line);
    } else numbers.set(key, { ordenId, line: first.line });

    const seen = new Map<unknown, number>();
    for (const v of rows) {
      const r = v.row as Record<string, unknown>;
      const field = spec.header.find((h) => r[h] !== f[h]);
      let message: string | null = field ? MSG.importOrderInconsistent(field, first.line) : null;
      if (!message && spec.itemKey) {
        const prev = seen.get(r[spec.itemKey]);
        if (prev !== undefined) message = MSG.importDuplicateItem(prev);
        else seen.set(r[spec.itemKey], v.line);
      }
      if (message && !reported.has(v.line)) {
        errors.push({ line: v.line, message: MSG.importLine(v.line, message) });
        reported.add(v.line);
        taint(ordenId, v.line);
      }
    }
  }

  const orders: O[] = [];
  let lines = 0;
  for (const [ordenId, rows] of groups) {
    const bad = badLines.get(ordenId);
    if (bad) {
      const list = [...new Set(bad)].sort((a, b) => a - b).join(', ');
      for (const v of rows) {
        if (!reported.has(v.line)) errors.push({ line: v.line, message: MSG.importLine(v.line, MSG.importOrderSkipped(ordenId, list)) });
      }
      continue;
    }
    orders.push(
      build(
        rows[0].row,
        rows.map((v) => v.row),
      ),
    );
    lines += rows.length;
  }
  return { orders, lines, errors };
}
