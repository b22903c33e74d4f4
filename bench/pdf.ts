// PDF of a long list: the kit's builder (src/shared/reports/pdf-table.ts) on 1,000 landscape kardex-like rows,
// side by side with pdfmake (the original system's PDF library) on the same rows when it is installed.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildTablePdf } from '@shared/reports/pdf-table';
import type { ReportCell, ReportColumn } from '@shared/reports/types';
import { figure, type Figure } from './figures';

export const PDF_ROWS = 1000;

/**
 * require() for the original stack's packages (pdfmake, DataTables, jQuery: devDependencies of the bench), also
 * from BENCH_NODE_MODULES when they are installed apart from the project's node_modules.
 */
export function benchRequire(id: string): any {
  try {
    return createRequire(import.meta.url)(id);
  } catch (err) {
    const extra = process.env.BENCH_NODE_MODULES;
    if (!extra) throw err;
    return createRequire(join(extra, 'noop.js'))(id);
  }
}

/** Path of a file of one of those packages (for a <script> in Chromium). */
export function benchResolve(id: string): string {
  try {
    return createRequire(import.meta.url).resolve(id);
  } catch (err) {
    const extra = process.env.BENCH_NODE_MODULES;
    if (!extra) throw err;
    return createRequire(join(extra, 'noop.js')).resolve(id);
  }
}
/** Goal: at most this many ms in Node for the 1,000 rows (a third of what pdfmake takes here). */
export const PDF_GOAL_MS = 250;

export function kardexRows(n: number): { columns: ReportColumn[]; rows: ReportCell[][] } {
  const columns: ReportColumn[] = [
    { header: 'Código', width: 65 },
    { header: 'Descripción' },
    { header: 'Fecha', width: 60 },
    { header: 'Tipo', width: 55, align: 'center' },
    { header: 'Proveedor o maquinaria' },
    { header: 'Guía de remisión o N° vale', width: 80 },
    { header: 'Ingreso', width: 55, align: 'right' },
    { header: 'Salida', width: 55, align: 'right' },
    { header: 'Saldo', width: 55, align: 'right' },
  ];
  const rows: ReportCell[][] = [];
  for (let i = 0; i < n; i++) {
    const inflow = i % 3 === 0;
    rows.push([
      `05.01.${String(i % 500).padStart(4, '0')}`,
      `Filtro de aceite para motor diésel modelo ${i % 37} (repuesto original)`,
      `2025-03-${String((i % 28) + 1).padStart(2, '0')}`,
      inflow ? 'INGRESO' : 'SALIDA',
      inflow ? 'DISTRIBUIDORA DE REPUESTOS DEL CENTRO S.A.C.' : `CARGADOR FRONTAL CAT 950H BN-${i % 20}`,
      inflow ? `G-${100000 + i}` : `V-${String(i).padStart(6, '0')}`,
      inflow ? 5 + (i % 7) : null,
      inflow ? null : 1 + (i % 4),
      1000 - i * 0.5,
    ]);
  }
  return { columns, rows };
}

/**
 * Wall-clock median and best of `times` runs after a warm-up, and the median CPU time of this process (user +
 * system): on a shared machine the wall clock grows with the others' load, the CPU time the build costs barely does.
 */
async function time(run: () => Promise<unknown>, times: number): Promise<{ median: number; min: number; cpu: number }> {
  await run();
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let k = 0; k < times; k++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await run();
    const c = process.cpuUsage(c0);
    ms.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  ms.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], min: ms[0], cpu: cpu[Math.floor(cpu.length / 2)] };
}

/** pdfmake on the same rows (landscape A4, repeated header row, zebra rows), or null when not installed. */
async function pdfmakeRun(columns: ReportColumn[], rows: ReportCell[][]): Promise<(() => Promise<unknown>) | null> {
  let pdfMake: any;
  try {
    pdfMake = benchRequire('pdfmake/build/pdfmake.js');
    const fonts = benchRequire('pdfmake/build/vfs_fonts.js');
    pdfMake.vfs = fonts.pdfMake?.vfs ?? fonts.vfs ?? fonts;
  } catch {
    return null;
  }
  const body = [
    columns.map((c) => ({ text: c.header, bold: true, color: 'white', fillColor: '#1e3a5f' })),
    ...rows.map((r) => r.map((v, c) => ({ text: v === null || v === undefined ? '' : String(v), alignment: columns[c].align ?? 'left' }))),
  ];
  const dd = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [36, 60, 36, 40],
    defaultStyle: { fontSize: 8 },
    header: { text: 'MOVIMIENTOS DE ALMACÉN (KARDEX)', bold: true, margin: [36, 20, 36, 0] },
    footer: (page: number, pages: number) => ({ text: `Página ${page} de ${pages}`, alignment: 'right', margin: [36, 10] }),
    content: [
      {
        table: { headerRows: 1, widths: columns.map((c) => (c.width ? c.width : '*')), body },
        layout: { fillColor: (i: number) => (i > 0 && i % 2 === 0 ? '#f1f4f8' : null) },
      },
    ],
  };
  return () =>
    new Promise((resolve) => {
      pdfMake.createPdf(dd).getBuffer(resolve);
    });
}

export async function runPdf(): Promise<Figure[]> {
  const { columns, rows } = kardexRows(PDF_ROWS);
  console.log(`\nPDF of ${PDF_ROWS} landscape kardex rows in Node:`);
  const ours = await time(
    () =>
      buildTablePdf({
        officeName: 'Subgerencia de Equipo Mecánico y Maquinaria Pesada',
        title: 'MOVIMIENTOS DE ALMACÉN (KARDEX)',
        subtitle: '2025-03-01 - 2025-03-31',
        orientation: 'landscape',
        columns,
        rows,
        generatedAt: '2025-03-31 10:00:00',
      }),
    7,
  );
  console.log(
    `kit (pdf-table.ts): median ${ours.median.toFixed(0)} ms, best ${ours.min.toFixed(0)} ms, CPU ${ours.cpu.toFixed(0)} ms (goal ≤ ${PDF_GOAL_MS} ms)`,
  );
  // The goal is judged on the CPU time (the wall clock is kept beside it): see time().
  const figures = [
    figure(
      'PDF',
      `kit, ${PDF_ROWS} landscape rows in Node (CPU, median of 7)`,
      ours.cpu,
      'ms',
      { op: '<=', value: PDF_GOAL_MS },
      {
        wallMedianMs: ours.median,
        wallBestMs: ours.min,
      },
    ),
  ];
  const other = await pdfmakeRun(columns, rows);
  if (!other) {
    console.log('pdfmake: not installed (a devDependency: npm install, or set BENCH_NODE_MODULES)');
    return figures;
  }
  const theirs = await time(other, 3);
  console.log(
    `pdfmake: median ${theirs.median.toFixed(0)} ms, best ${theirs.min.toFixed(0)} ms, CPU ${theirs.cpu.toFixed(0)} ms — kit ${(theirs.cpu / ours.cpu).toFixed(1)}× faster`,
  );
  // The goal: at most a third of what pdfmake takes on the same rows.
  figures.push(
    figure('PDF', 'pdfmake (original), same rows (CPU, median of 3)', theirs.cpu, 'ms', undefined, {
      wallMedianMs: theirs.median,
      wallBestMs: theirs.min,
    }),
    figure('PDF', 'kit speed-up over pdfmake', theirs.cpu / ours.cpu, '×', { op: '>=', value: 3 }),
  );
  return figures;
}
