// Public entry of the data-table kit.
export { DataTable, PAGE_SIZES, VIRTUALIZE_ABOVE, type DataTableApi, type DataTableProps } from './data-table';
export { columnHelper, kitFeatures, type DataColumnDef, type KitFeatures, ACTIONS_COLUMN_ID, SELECT_COLUMN_ID } from './features';
export { collectExportData, columnHeaderText, type ExportData } from './export-data';
export { ExportButtons, type ExportConfig, type ExportButtonsProps } from './export-buttons';
export { normalizeSearch, filterRows, makeHaystack } from './search';
export { pageItems } from './pagination';
