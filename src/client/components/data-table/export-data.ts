// What the exports print: every exportable column — the hidden detail columns too (the exit's items, the
// request's lines: that is what they are for) and the ones folded on a narrow screen — and every filtered +
// sorted row (all pages), in the order on screen.
import type { ReportCell, ReportColumn } from '@shared/reports/types';
import type { Column, Row, RowData, Table } from '@tanstack/react-table';
import { ACTIONS_COLUMN_ID, SELECT_COLUMN_ID, type KitFeatures } from './features';

export interface ExportData {
  columns: ReportColumn[];
  rows: ReportCell[][];
}

/** Header text of a column: meta.headerText, else a string header, else ''. */
export function columnHeaderText<T extends RowData>(column: Column<KitFeatures, T, unknown>): string {
  const def = column.columnDef;
  if (def.meta?.headerText) return def.meta.headerText;
  return typeof def.header === 'string' ? def.header : '';
}

function isExportable<T extends RowData>(column: Column<KitFeatures, T, unknown>): boolean {
  if (column.id === SELECT_COLUMN_ID || column.id === ACTIONS_COLUMN_ID) return false;
  if (column.columnDef.meta?.exportable === false) return false;
  return columnHeaderText(column) !== '';
}

function toCell(value: unknown): ReportCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'SI' : 'NO';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * Reads the table's current state: exportable columns in definition order, and `rows` (default: the table's
 * rows after search and sort). A cell prints meta.exportValue when given — a blank where the screen shows a
 * blank — else the accessor value.
 */
export function collectExportData<T extends RowData>(
  table: Table<KitFeatures, T>,
  rows: readonly Row<KitFeatures, T>[] = table.getPrePaginatedRowModel().rows,
): ExportData {
  const cols = table.getAllLeafColumns().filter(isExportable);
  return {
    columns: cols.map((c) => ({
      header: columnHeaderText(c),
      align: c.columnDef.meta?.align,
      width: c.columnDef.meta?.pdfWidth,
      number: c.columnDef.meta?.number,
    })),
    rows: rows.map((row) =>
      cols.map((c) => {
        const exportValue = c.columnDef.meta?.exportValue;
        return toCell(exportValue ? exportValue(row.original) : row.getValue(c.id));
      }),
    ),
  };
}
