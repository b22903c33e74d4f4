// Public entry of the data-table kit.
export { DataTable, type DataTableProps } from './data-table';
export { type DataTableApi } from './selection';
export { type DataColumnDef, ACTIONS_COLUMN_ID } from './features';
