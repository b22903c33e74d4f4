// Import of external data into the mirror tables (`npm run import -- <source> <file>`): reads CSV/XLSX,
// validates each row, reports bad rows by line number in Spanish without importing them, upserts the rest.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { MSG } from '@shared/messages';
import type { Db } from '../db/client';
import type { PurchaseOrder, ServiceOrder } from './logistica/index';
import { upsertPurchaseOrders, upsertServiceOrders } from './logistica/mirror';
import { readTable, type Sheet, type SheetRow } from './import-read';
import {
  ALIASES,
  IMPORT_SOURCES,
  ROW_SCHEMAS,
  requiredColumns,
  type ImportIssue,
  type ImportSource,
  type SourceRow,
  type ValidRow,
} from './import-sources';
import { groupOrders } from './import-orders';
import { upsertPersonas } from './reniec/mirror';
import { upsertContribuyentes } from './sunat/mirror';
import { upsertVehiculos } from './vehiculos/mirror';

export { IMPORT_SOURCES, type ImportSource };

export interface ImportReport {
  source: ImportSource;
  file: string;
  /** Data rows read (empty lines not counted). */
  total: number;
  /** Rows imported. */
  imported: number;
  /** One entry per rejected row (a row may be rejected for a problem of its order). */
  errors: ImportIssue[];
  /** A problem with the whole file (unknown columns set, empty file); nothing was imported. */
  fatal?: string;
}

export const isImportSource = (s: string): s is ImportSource => (IMPORT_SOURCES as readonly string[]).includes(s);

/** Renames accepted aliases to the source's column names. */
function canonical(source: ImportSource, sheet: Sheet): Sheet {
  const fields = Object.keys(ROW_SCHEMAS[source].shape);
  const rename = new Map<string, string>();
  for (const col of sheet.columns) {
    if (fields.includes(col)) continue;
    const target = fields.find((f) => ALIASES[f]?.includes(col));
    if (target && !sheet.columns.includes(target)) rename.set(col, target);
  }
  if (rename.size === 0) return sheet;
  return {
    columns: sheet.columns.map((c) => rename.get(c) ?? c),
    rows: sheet.rows.map((r) => ({
      line: r.line,
      values: Object.fromEntries(Object.entries(r.values).map(([k, v]) => [rename.get(k) ?? k, v])),
    })),
  };
}

/** Validates every row; returns the valid ones and a Spanish message per invalid row. */
export function validateRows<S extends ImportSource>(source: S, rows: SheetRow[]): { valid: ValidRow<S>[]; errors: ImportIssue[] } {
  const schema = ROW_SCHEMAS[source];
  const valid: ValidRow<S>[] = [];
  const errors: ImportIssue[] = [];
  for (const r of rows) {
    const values = Object.fromEntries(Object.keys(schema.shape).map((k) => [k, r.values[k] ?? null]));
    const parsed = schema.safeParse(values);
    if (parsed.success) valid.push({ line: r.line, row: parsed.data as SourceRow<S> });
    else {
      const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'fila'}: ${i.message}`).join('; ');
      errors.push({ line: r.line, message: MSG.importLine(r.line, detail) });
    }
  }
  return { valid, errors };
}

/** Validates a read sheet and writes the good rows to the source's mirror tables. */
export async function importSheet(db: Db, source: ImportSource, sheet: Sheet, file = ''): Promise<ImportReport> {
  const base: ImportReport = { source, file, total: sheet.rows.length, imported: 0, errors: [] };
  const s = canonical(source, sheet);
  const missing = requiredColumns(source).filter((c) => !s.columns.includes(c));
  if (missing.length) return { ...base, fatal: MSG.importMissingColumns(missing.join(', ')) };
  const { valid, errors } = validateRows(source, s.rows);
  const report = { ...base, errors };
  switch (source) {
    case 'personas': {
      const rows = valid as ValidRow<'personas'>[];
      await upsertPersonas(
        db,
        rows.map(({ row }) => ({ ...row, apPrimer: row.ap_primer, apSegundo: row.ap_segundo })),
      );
      report.imported = rows.length;
      break;
    }
    case 'contribuyentes':
      await upsertContribuyentes(
        db,
        (valid as ValidRow<'contribuyentes'>[]).map((v) => v.row),
      );
      report.imported = valid.length;
      break;
    case 'vehiculos':
      await upsertVehiculos(
        db,
        (valid as ValidRow<'vehiculos'>[]).map((v) => v.row),
      );
      report.imported = valid.length;
      break;
    case 'ordenes-compra': {
      const {
        orders,
        lines,
        errors: groupErrors,
      } = groupOrders<'ordenes-compra', PurchaseOrder>(
        valid as ValidRow<'ordenes-compra'>[],
        errors,
        s.rows,
        { nro: 'nro_ordencompra', header: ['nro_ordencompra', 'anio', 'proveedor', 'proveedor_ruc', 'fecha_ordencompra'] },
        (first, rows) => ({
          orden_id: first.orden_id,
          nro_ordencompra: first.nro_ordencompra,
          anio: first.anio,
          proveedor: first.proveedor,
          proveedor_ruc: first.proveedor_ruc,
          fecha_ordencompra: first.fecha_ordencompra,
          items: rows.map((r) => ({
            insumo_codigo: r.insumo_codigo,
            insumo_name: r.insumo_name,
            cantidad: r.cantidad,
            unimed: r.unimed,
            cotidet_marca: r.cotidet_marca,
            precio_unitario: r.precio_unitario,
          })),
          guias: rows
            .filter((r, i) => r.nro_guiaremision && rows.findIndex((o) => o.nro_guiaremision === r.nro_guiaremision) === i)
            .map((r) => ({ nro_guiaremision: r.nro_guiaremision as string, fecha_guiaremision: r.fecha_guiaremision })),
        }),
      );
      await upsertPurchaseOrders(db, orders);
      report.errors.push(...groupErrors);
      report.imported = lines;
      break;
    }
    case 'ordenes-servicio': {
      const {
        orders,
        lines,
        errors: groupErrors,
      } = groupOrders<'ordenes-servicio', ServiceOrder>(
        valid as ValidRow<'ordenes-servicio'>[],
        errors,
        s.rows,
        { nro: 'nro_orden', header: ['nro_orden', 'anio', 'orden_fechadoc', 'pers_nombre'], itemKey: 'ordendet_item' },
        (first, rows) => ({
          orden_id: first.orden_id,
          nro_orden: first.nro_orden,
          anio: first.anio,
          orden_fechadoc: first.orden_fechadoc,
          pers_nombre: first.pers_nombre,
          items: rows.map((r) => ({
            ordendet_item: r.ordendet_item,
            ordendet_desart: r.ordendet_desart,
            reqadj_actividades: r.reqadj_actividades,
            reqadj_garantia: r.reqadj_garantia,
            monto: r.monto,
          })),
        }),
      );
      await upsertServiceOrders(db, orders);
      report.errors.push(...groupErrors);
      report.imported = lines;
      break;
    }
  }
  report.errors.sort((a, b) => a.line - b.line);
  return report;
}

/** Reads `path` (.csv or .xlsx) and imports it into the mirror of `source`. */
export async function importFile(db: Db, source: ImportSource, path: string): Promise<ImportReport> {
  let data: Buffer;
  try {
    data = await readFile(path);
  } catch {
    return { source, file: path, total: 0, imported: 0, errors: [], fatal: MSG.importFileUnreadable(path) };
  }
  let sheet: Sheet;
  try {
    sheet = await readTable(basename(path), data);
  } catch (err) {
    const message = err instanceof Error && err.message === MSG.importUnsupportedFile ? err.message : MSG.importFileUnreadable(path);
    return { source, file: path, total: 0, imported: 0, errors: [], fatal: message };
  }
  return importSheet(db, source, sheet, path);
}

/** The report as printed by the import script. */
export function formatReport(r: ImportReport): string {
  const lines = [MSG.importSummary(r.source, basename(r.file), r.total, r.imported, r.errors.length)];
  if (r.fatal) lines.push(r.fatal);
  for (const e of r.errors) lines.push(`  ${e.message}`);
  return lines.join('\n');
}
