// Responsive columns (what the DataTables Responsive extension did in the original): the table never scrolls
// sideways; the columns that do not fit the width fold, lowest priority first, into a detail under each row.
import type { RowData } from '@tanstack/react-table';
import type { DataColumnDef } from './features';

/** Priority of a column without meta.priority: after every prioritized column, folding right to left. */
export const DEFAULT_PRIORITY = 10_000;
/** Width reserved in the first cell for the fold-out toggle when some column is folded. */
export const TOGGLE_WIDTH = 32;
/** A long text column is measured at most this wide: in the real table it wraps. */
export const MAX_MEASURED_WIDTH = 280;

export interface FitColumn {
  id: string;
  /** Natural width in px (header and the widest shown cell). */
  width: number;
  priority: number;
}

/**
 * Ids of the columns to fold so the rest fit in `available` px. Columns are kept by priority (lower first; equal
 * priorities left to right) until one does not fit: it and every column after it fold, so a key column never
 * folds while a less important one stays. Priority 0 never folds. Room is reserved for the toggle that the
 * first cell carries once anything folds; the most important foldable column stays even if too wide alone.
 */
export function fitColumns(columns: readonly FitColumn[], available: number): Set<string> {
  const total = columns.reduce((s, c) => s + c.width, 0);
  if (total <= available || available <= 0) return new Set();
  const fixed = columns.filter((c) => c.priority <= 0);
  const order = columns
    .map((c, index) => ({ ...c, index }))
    .filter((c) => c.priority > 0)
    .sort((a, b) => a.priority - b.priority || a.index - b.index);
  let used = TOGGLE_WIDTH + fixed.reduce((s, c) => s + c.width, 0);
  const folded = new Set<string>();
  for (const [k, c] of order.entries()) {
    if (folded.size === 0 && (k === 0 || used + c.width <= available)) used += c.width;
    else folded.add(c.id);
  }
  return folded;
}

/** The priority of a column definition (meta.priority, the actions and selection columns never fold). */
export function columnPriority<T extends RowData>(def: DataColumnDef<T> | undefined, id: string, neverFold: readonly string[]): number {
  if (neverFold.includes(id)) return 0;
  return def?.meta?.priority ?? DEFAULT_PRIORITY;
}

/**
 * Natural widths of the columns of `table` by id (cells carry `data-col`), measured on off-screen copies:
 * the header at its narrowest (headers wrap between words) and the body at its widest (up to
 * MAX_MEASURED_WIDTH), without the detail rows.
 */
export function measureColumnWidths(table: HTMLTableElement): Map<string, number> {
  const widths = new Map<string, number>();
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:-100000px;top:0;visibility:hidden;pointer-events:none;contain:layout style;';
  const head = table.cloneNode(false) as HTMLTableElement;
  head.style.cssText = 'width:1px;table-layout:auto;';
  const thead = table.tHead?.cloneNode(true) as HTMLTableSectionElement | undefined;
  if (thead) head.appendChild(thead);
  const body = table.cloneNode(false) as HTMLTableElement;
  body.style.cssText = 'width:auto;table-layout:auto;';
  const tbody = document.createElement('tbody');
  let copied = 0;
  for (const tr of table.querySelectorAll<HTMLTableRowElement>(':scope > tbody > tr')) {
    if (tr.dataset.detail !== undefined || tr.getAttribute('aria-hidden') === 'true') continue;
    if (copied++ >= 60) break;
    tbody.appendChild(tr.cloneNode(true));
  }
  // The fold-out toggle is not part of a column's own width (fitColumns reserves room for it).
  for (const b of tbody.querySelectorAll('[data-fold-toggle]')) b.remove();
  body.appendChild(tbody);
  host.append(head, body);
  document.body.appendChild(host);
  try {
    for (const th of head.querySelectorAll<HTMLElement>('th[data-col]')) {
      widths.set(th.dataset.col as string, th.getBoundingClientRect().width);
    }
    // Only the first row's cells are needed: a table column is as wide as its widest cell.
    const first = tbody.firstElementChild;
    if (first) {
      for (const td of first.querySelectorAll<HTMLElement>('td[data-col]')) {
        const id = td.dataset.col as string;
        const w = Math.min(td.getBoundingClientRect().width, MAX_MEASURED_WIDTH);
        widths.set(id, Math.max(widths.get(id) ?? 0, w));
      }
    }
  } finally {
    host.remove();
  }
  return widths;
}
