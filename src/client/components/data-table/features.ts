// The kit's TanStack Table v9 feature set, column meta typing and column-definition helpers for every list.
import {
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_basic,
  sortFn_datetime,
  tableFeatures,
  type CellData,
  type ColumnDef,
  type RowData,
  type SortFn,
  type TableFeatures,
} from '@tanstack/react-table';
import type { NumberFormat } from '@shared/domain/numbers';
import type { ReportCell } from '@shared/reports/types';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<in out TFeatures extends TableFeatures, in out TData extends RowData, TValue extends CellData = CellData> {
    /** Header text for exports (and the aria label) when `header` is not a plain string. */
    headerText?: string;
    /** Value written to Excel/PDF and used by the search box; defaults to the accessor value. */
    exportValue?: (row: TData) => ReportCell;
    align?: 'left' | 'center' | 'right';
    /** Hidden at first (still sortable and searchable, like the spec's hidden detail columns). */
    hidden?: boolean;
    /** False keeps the column out of exports (action and selection columns are always left out). */
    exportable?: boolean;
    /** False keeps the column out of the search box. */
    searchable?: boolean;
    /**
     * The column holds numbers (its export value a number): the PDF prints them es-PE, Excel keeps them numbers
     * with this format. The screen's cell formats them with the same kind (lib/format.ts).
     */
    number?: NumberFormat;
    /** Preferred PDF width in points. */
    pdfWidth?: number;
    /** Extra classes for the column's cells (and header). */
    className?: string;
    /**
     * Responsive priority (like DataTables' responsivePriority): when the table is wider than the screen, the
     * columns with the highest numbers fold first into the detail under each row. 1 = key column; 0 = never
     * folds (the default of the actions and selection columns); default 10000, folding right to left.
     */
    priority?: number;
  }
}

const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/** Spanish, accent-insensitive, numeric-aware text order; null/undefined/'' sort first ascending. */
const sortEs: SortFn<any, any> = (a, b, id) => {
  const va = a.getValue(id);
  const vb = b.getValue(id);
  const ea = va === null || va === undefined || va === '';
  const eb = vb === null || vb === undefined || vb === '';
  if (ea || eb) return ea && eb ? 0 : ea ? -1 : 1;
  if (typeof va === 'number' && typeof vb === 'number') return va - vb;
  return collator.compare(String(va), String(vb));
};

/** Registered once: module scope keeps it stable (v9 requirement). */
export const kitFeatures = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { text: sortEs, alphanumeric: sortEs, basic: sortFn_basic, datetime: sortFn_datetime },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  rowSelectionFeature,
});

export type KitFeatures = typeof kitFeatures;

/** Column definition type for <DataTable<T>>: `const columns: DataColumnDef<Row>[] = [...]`. */
export type DataColumnDef<T extends RowData> = ColumnDef<KitFeatures, T, any>;

export const SELECT_COLUMN_ID = '__select';
export const ACTIONS_COLUMN_ID = 'actions';
