// Row selection of <DataTable selectable>: the checkbox column (select-all in its header acts on the rows shown
// after search and sort, all pages), the selection reported to the screen, and the table's imperative handle.
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type Ref,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { Row, RowData, RowSelectionState, Table } from '@tanstack/react-table';
import { LABELS } from '@shared/messages';
import { Checkbox } from '../ui/checkbox';
import { collectExportData, type ExportData } from './export-data';
import { SELECT_COLUMN_ID, type DataColumnDef, type KitFeatures } from './features';

/** Imperative handle (pass `apiRef`): read what the table shows, e.g. for a 'Generar PDF' of selected rows. */
export interface DataTableApi<T> {
  getExportData: () => ExportData;
  /** Selected rows' data, in display order. */
  getSelectedRows: () => T[];
  clearSelection: () => void;
}

type ShownRows<T extends RowData> = RefObject<readonly Row<KitFeatures, T>[]>;
type SetSelection = Dispatch<SetStateAction<RowSelectionState>>;

/** The checkbox column; its header reads the rows on screen from `shownRef` when it renders. */
function selectColumn<T extends RowData>(shownRef: ShownRows<T>, setRowSelection: SetSelection): DataColumnDef<T> {
  return {
    id: SELECT_COLUMN_ID,
    enableSorting: false,
    enableHiding: false,
    meta: { exportable: false, searchable: false, className: 'w-10', align: 'center', priority: 0 },
    header: () => {
      const shown = shownRef.current;
      const count = shown.filter((r) => r.getIsSelected()).length;
      return (
        <Checkbox
          aria-label={LABELS.selectAll}
          checked={count > 0 && count === shown.length ? true : count > 0 ? 'indeterminate' : false}
          onCheckedChange={(v) =>
            setRowSelection((prev) => {
              const next = { ...prev };
              for (const r of shownRef.current) {
                if (v === true) next[r.id] = true;
                else delete next[r.id];
              }
              return next;
            })
          }
        />
      );
    },
    cell: ({ row }) => (
      <Checkbox
        aria-label={LABELS.selectRow}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onCheckedChange={(v) => row.toggleSelected(v === true)}
      />
    ),
  };
}

/**
 * The selection state, the ref the table keeps the rows shown in (after search and sort; the caller sets it on
 * every render, the select-all box reads it), and the columns with the checkbox column first when selectable.
 */
export function useSelection<T extends RowData>(columns: DataColumnDef<T>[], selectable: boolean) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const shownRef = useRef<readonly Row<KitFeatures, T>[]>([]);
  const allColumns = useMemo<DataColumnDef<T>[]>(
    () => (selectable ? [selectColumn(shownRef, setRowSelection), ...columns] : columns),
    [columns, selectable],
  );
  return { rowSelection, setRowSelection, shownRef, allColumns };
}

/**
 * Reports the selected rows (in display order) to `onSelectionChange`, fills `apiRef`, and returns the export
 * buttons' `getData`: stable, so the toolbar does not redraw on a sort or a keystroke (`shownRef` always holds
 * the rows shown).
 */
export function useTableApi<T extends RowData>(
  table: Table<KitFeatures, T>,
  {
    apiRef,
    onSelectionChange,
    rowSelection,
    setRowSelection,
    shownRef,
    shownRows,
  }: {
    apiRef: Ref<DataTableApi<T>> | undefined;
    onSelectionChange: ((rows: T[]) => void) | undefined;
    rowSelection: RowSelectionState;
    setRowSelection: SetSelection;
    shownRef: ShownRows<T>;
    shownRows: readonly Row<KitFeatures, T>[];
  },
): () => ExportData {
  useEffect(() => {
    onSelectionChange?.(shownRows.filter((r) => rowSelection[r.id]).map((r) => r.original));
  }, [rowSelection, shownRows, onSelectionChange]);

  const exportData = useCallback(() => collectExportData(table, shownRef.current), [table, shownRef]);
  useImperativeHandle(
    apiRef,
    () => ({
      getExportData: () => collectExportData(table, shownRef.current),
      getSelectedRows: () => shownRef.current.filter((r) => r.getIsSelected()).map((r) => r.original),
      clearSelection: () => setRowSelection({}),
    }),
    [table, shownRef, setRowSelection],
  );
  return exportData;
}
