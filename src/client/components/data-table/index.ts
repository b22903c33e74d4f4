// Public entry of the data-table kit.
export { DataTable, type DataTableApi, type DataTableProps } from './data-table';
export { type DataColumnDef, ACTIONS_COLUMN_ID } from './features';
