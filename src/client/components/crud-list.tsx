// A list screen that edits its records, in two pieces, so a feature's page only says what is its own (its query,
// columns, filters and dialog):
// - useCrudList: which record the edit dialog is open on (none, a new one, or a row) and the delete flow
//   (confirm, delete, toast);
// - CrudListScreen: the page frame (ListScreen with its offline notices) around the DataTable, whose accessible
//   name and export title are the screen's title, with 'Nuevo' behind its role code, then the dialogs and the
//   delete confirmation. Lists that merge the rows still in the device's outbox pass useOutboxRows (outbox-rows.ts).
import { useCallback, useState, type ReactNode } from 'react';
import type { RowData } from '@tanstack/react-table';
import type { PdfOrientation } from '@shared/reports/pdf-table';
import { DataTable, type DataTableProps } from './data-table';
import { useDeleteFlow } from './delete-flow';
import { ListScreen, type ListScreenProps } from './list-screen';
import { NewButton } from './new-button';

export interface CrudList<Row, Target> {
  /** The edit dialog is open. */
  open: boolean;
  /** What it is open on; null creates a new record. */
  target: Target | null;
  /** Opens the dialog on `target` (a row, an id). */
  edit: (target: Target) => void;
  /** Opens the dialog on a new record ('Nuevo'). */
  create: () => void;
  close: () => void;
  /** For dialogs taking `open` / `onOpenChange`. */
  dialogProps: { open: boolean; onOpenChange: (open: boolean) => void };
  /** Asks to delete `row` (the confirmation, then `remove`). */
  askDelete: (row: Row) => void;
  /** The delete confirmation; CrudListScreen renders it. */
  deleteDialog: ReactNode;
}

/** `remove` deletes a row once the user confirms; success and failure are toasted by the delete flow. */
export function useCrudList<Row, Target = Row>(remove: (row: Row) => Promise<unknown>): CrudList<Row, Target> {
  const { ask, dialog } = useDeleteFlow(remove);
  const [state, setState] = useState<{ target: Target | null } | null>(null);
  const edit = useCallback((target: Target) => setState({ target }), []);
  const create = useCallback(() => setState({ target: null }), []);
  const close = useCallback(() => setState(null), []);
  const onOpenChange = useCallback((o: boolean) => {
    if (!o) setState(null);
  }, []);
  return {
    open: state !== null,
    target: state?.target ?? null,
    edit,
    create,
    close,
    dialogProps: { open: state !== null, onOpenChange },
    askDelete: ask,
    deleteDialog: dialog,
  };
}

/** What CrudListScreen reads of a list query (useListQuery's answer). */
export interface CrudListQuery<Row> {
  data: readonly Row[] | undefined;
  isLoading: boolean;
  offline: ListScreenProps['offline'];
}

export interface CrudListScreenProps<Row extends RowData> extends Omit<
  DataTableProps<Row>,
  'label' | 'data' | 'loading' | 'exportConfig' | 'toolbarRight'
> {
  /** 'LISTADO DE …': the page title, the table's accessible name and the title of its exports. */
  title: string;
  /** Export file name without extension. */
  fileName: string;
  list: CrudListQuery<Row>;
  /** The screen's useCrudList: 'Nuevo' opens its dialog on a new record, and its delete confirmation is rendered. */
  crud: Pick<CrudList<Row, unknown>, 'create' | 'deleteDialog'>;
  /** A list that works offline: the query's rows plus the outbox's, with their ids and tints (useOutboxRows). */
  outbox?: {
    rows: readonly Row[];
    table: { getRowId: (row: Row) => string; rowClassName: (row: Row) => string | undefined };
  };
  /** Export subtitle (the filtered date range). */
  subtitle?: string;
  orientation?: PdfOrientation;
  /** 'Nuevo' is shown to users holding this role code; none without it. */
  newCode?: number;
  /** Shown above the table (e.g. the FilterChip of a screen opened filtered from Inicio). */
  notice?: ReactNode;
  /** The dialogs of the screen. */
  children?: ReactNode;
}

export function CrudListScreen<Row extends RowData>({
  title,
  fileName,
  list,
  crud,
  outbox,
  subtitle,
  orientation,
  newCode,
  notice,
  children,
  ...table
}: CrudListScreenProps<Row>) {
  return (
    <ListScreen title={title} offline={list.offline} notice={notice}>
      <DataTable
        {...table}
        {...outbox?.table}
        label={title}
        data={outbox?.rows ?? list.data}
        loading={list.isLoading}
        exportConfig={{ fileName, title, subtitle, orientation }}
        toolbarRight={newCode !== undefined ? <NewButton code={newCode} onClick={crud.create} /> : null}
      />
      {children}
      {crud.deleteDialog}
    </ListScreen>
  );
}
