// What sits above <DataTable>'s table: the toolbar (the screen's filters, the Excel / PDF buttons, 'Nuevo') and
// the list controls ('Mostrar N registros', 'Buscar:').
import { memo, type ReactNode } from 'react';
import { LABELS } from '@shared/messages';
import { Input } from '../ui/input';
import { ExportButtons, type ExportConfig } from './export-buttons';
import type { ExportData } from './export-data';

/** -1 means every row ('Mostrar todo'). */
export const PAGE_SIZES = [10, 25, 50, 100, -1] as const;

const MemoExportButtons = memo(ExportButtons);

/** Filters on the left; export buttons and the screen's own buttons on the right. Nothing when all are absent. */
export function TableToolbar({
  left,
  right,
  exportConfig,
  getData,
  disabled,
}: {
  left?: ReactNode;
  right?: ReactNode;
  exportConfig?: ExportConfig;
  /** Stable (the export buttons are memoized on it), so the toolbar does not redraw on a sort or a keystroke. */
  getData: () => ExportData;
  disabled: boolean;
}) {
  if (!(left || right || exportConfig)) return null;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div className="flex flex-wrap items-end gap-3">{left}</div>
      <div className="flex flex-wrap items-center gap-2">
        {exportConfig && <MemoExportButtons config={exportConfig} getData={getData} disabled={disabled} />}
        {right}
      </div>
    </div>
  );
}

/**
 * 'Mostrar N registros' and 'Buscar:'. Memoized with the footer and the export buttons: a sort or a keystroke
 * redraws the rows, not the controls around them.
 */
export const ListControls = memo(function ListControls({
  pageSize,
  onPageSize,
  query,
  onQuery,
}: {
  pageSize: number;
  onPageSize: (size: number) => void;
  query: string;
  onQuery: (q: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <label className="flex items-center gap-2">
        {LABELS.show}
        <select
          aria-label={LABELS.show}
          className="h-8 cursor-pointer rounded-md border border-input bg-white px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          value={pageSize}
          onChange={(e) => onPageSize(Number(e.target.value))}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n === -1 ? LABELS.showAll : n}
            </option>
          ))}
        </select>
        {LABELS.records}
      </label>
      <label className="flex items-center gap-2">
        {LABELS.search}
        <Input type="search" value={query} onChange={(e) => onQuery(e.target.value)} className="h-8 w-56" />
      </label>
    </div>
  );
});
