// The tablet-first list kit: columns fold by priority into a row detail, the order keys match the Spanish
// collation, and exports carry the hidden and folded columns and print blanks where the screen does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataColumnDef } from '@client/components/data-table';
import { fitColumns, TOGGLE_WIDTH } from '@client/components/data-table/responsive';
import { RankCache, computeRanks, sortIndexes, textSortKey } from '@client/components/data-table/sort';
import { movimientoColumns } from '@client/features/movimientos/columns';
import { pedidoColumns } from '@client/features/pedidos/columns';
import type { SalidaRow } from '@client/features/salidas/api';
import { salidaColumns } from '@client/features/salidas/columns';
import type { PedidoRow } from '@shared/contract/pedidos';
import type { MovimientoRow } from '@shared/contract/movimientos';
import { round2 } from '@shared/domain/money';
import { LABELS } from '@shared/messages';
import type { Act } from './fixtures';

const exportXlsx = vi.fn(async (_input: unknown) => undefined);
const exportPdf = vi.fn(async (_input: unknown) => undefined);
vi.mock('@client/lib/export', () => ({
  exportXlsx: (input: unknown) => exportXlsx(input),
  exportPdf: (input: unknown) => exportPdf(input),
}));

describe('fitColumns', () => {
  const cols = [
    { id: 'a', width: 200, priority: 1 },
    { id: 'b', width: 150, priority: 3 },
    { id: 'c', width: 100, priority: 2 },
    { id: 'act', width: 80, priority: 0 },
  ];
  it('folds nothing when everything fits', () => {
    expect(fitColumns(cols, 530)).toEqual(new Set());
  });
  it('folds the highest numbers first, reserving room for the toggle, and never the priority-0 column', () => {
    expect(fitColumns(cols, 200 + 100 + 80 + TOGGLE_WIDTH)).toEqual(new Set(['b']));
    expect(fitColumns(cols, 350)).toEqual(new Set(['b', 'c']));
    // Too narrow even for the key column: it stays (with the actions), everything else folds.
    expect(fitColumns(cols, 100)).toEqual(new Set(['b', 'c']));
  });
  it('never keeps a less important column once a more important one folded; equal priorities fold right to left', () => {
    const same = [
      { id: 'x', width: 100, priority: 10_000 },
      { id: 'y', width: 300, priority: 10_000 },
      { id: 'z', width: 50, priority: 10_000 },
    ];
    expect(fitColumns(same, 300)).toEqual(new Set(['y', 'z']));
  });
});

describe('sort keys and ranks', () => {
  it('orders like the Spanish collator: accents and case ignored, ñ after n, numbers by value', () => {
    const words = ['Ñandú', 'nube', 'Árbol', 'arena', 'Insumo 10', 'insumo 2', 'V-000010', 'V-000002', 'zeta', 'ola', 'niño', 'ninos'];
    const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
    const byKey = [...words].sort((a, b) => (textSortKey(a) < textSortKey(b) ? -1 : textSortKey(a) > textSortKey(b) ? 1 : 0));
    expect(byKey).toEqual([...words].sort(collator.compare));
  });
  it('ranks empties first and numbers by value; sorting is stable both ways', () => {
    const values = [3, null, 10, 3, '', 1];
    expect([...computeRanks(values)]).toEqual([2, 0, 3, 2, 0, 1]);
    const rows = values.map((v) => ({ getValue: () => v }));
    const cache = new RankCache(rows as never);
    const all = values.map((_, i) => i);
    expect(sortIndexes(all, [{ id: 'v', desc: false }], cache)).toEqual([1, 4, 5, 0, 3, 2]);
    expect(sortIndexes(all, [{ id: 'v', desc: true }], cache)).toEqual([2, 0, 3, 5, 1, 4]);
  });
  it('ranks mixed columns like comparing every pair of keys (empties, then numbers, then texts, ties shared)', () => {
    const values = ['b', 7, null, 'Ñu', 'a 10', 'a 9', 7, '', 'á 9', -1, 'B', 'nu', 'ñu', new Date(5), true, 'V-0002', 'V-02', Number.NaN];
    const key = (v: unknown): string | number | null =>
      v === null || v === '' || (typeof v === 'number' && Number.isNaN(v))
        ? null
        : typeof v === 'number'
          ? v
          : typeof v === 'boolean'
            ? Number(v)
            : v instanceof Date
              ? v.getTime()
              : textSortKey(String(v));
    const cmp = (a: string | number | null, b: string | number | null) =>
      a === b ? 0 : a === null ? -1 : b === null ? 1 : typeof a !== typeof b ? (typeof a === 'number' ? -1 : 1) : a < b ? -1 : 1;
    // Dense rank by comparison: how many distinct keys sort before this one.
    const keys = values.map(key);
    const distinct = [...new Set(keys)].sort(cmp);
    expect([...computeRanks(values)]).toEqual(keys.map((k) => distinct.indexOf(k)));
    expect(textSortKey('Árbol 007')).toBe(textSortKey('arbol 7'));
    expect(textSortKey('niño') > textSortKey('ninos')).toBe(true);
  });
});

const priorityColumns: DataColumnDef<Act>[] = [
  { accessorKey: 'descripcion', header: 'Descripción', meta: { priority: 1 } },
  { accessorKey: 'estado', header: 'Estado', meta: { priority: 2, exportValue: (r) => (r.estado ? 'ACTIVO' : 'INACTIVO') } },
  { accessorKey: 'fecha', header: 'Fecha', meta: { priority: 3 } },
  { accessorKey: 'created_at', header: 'Creado', meta: { hidden: true } },
];
const acts: Act[] = [
  { id: 1, descripcion: 'Limpieza de cunetas', estado: 1, fecha: '2025-03-01', created_at: '2025-03-01T10:00:00Z' },
  { id: 2, descripcion: 'Nivelación de camino', estado: 0, fecha: '2025-03-05', created_at: '2025-03-05T08:00:00Z' },
];

/** Fake layout: each column is as wide as `WIDTHS` says, the table's box is `box` px wide. */
const WIDTHS: Record<string, number> = { descripcion: 200, estado: 100, fecha: 100 };
let box = 1000;
beforeEach(() => {
  exportXlsx.mockClear();
  exportPdf.mockClear();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const w = WIDTHS[this.dataset.col ?? ''] ?? 0;
    return { width: w, height: 30, top: 0, left: 0, right: w, bottom: 30, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'table-scroll' ? box : 0;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function headers() {
  return screen.getAllByRole('columnheader').map((h) => h.textContent);
}

describe('DataTable on a narrow screen', () => {
  it('shows every column when they fit, and no toggles', () => {
    box = 1000;
    render(<DataTable columns={priorityColumns} data={acts} />);
    expect(headers()).toEqual(['Descripción', 'Estado', 'Fecha']);
    expect(screen.queryByRole('button', { name: LABELS.showDetail })).toBeNull();
  });

  it('folds the lowest-priority columns into a detail row the first cell opens and closes', async () => {
    box = 340;
    const user = userEvent.setup();
    render(<DataTable columns={priorityColumns} data={acts} />);
    expect(headers()).toEqual(['Descripción', 'Estado']);
    const toggles = screen.getAllByRole('button', { name: LABELS.showDetail });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]);
    const detail = document.querySelector('tr[data-detail]') as HTMLElement;
    expect(detail).toBeTruthy();
    within(detail).getByText('Fecha');
    within(detail).getByText('2025-03-05');
    // The hidden column stays hidden: it is neither a header nor part of the detail.
    expect(within(detail).queryByText('Creado')).toBeNull();
    const open = screen.getByRole('button', { name: LABELS.hideDetail });
    expect(open.getAttribute('aria-expanded')).toBe('true');
    await user.click(open);
    expect(document.querySelector('tr[data-detail]')).toBeNull();
  });

  it('sorts from a folded state without losing the fold, and still exports the folded and hidden columns', async () => {
    box = 250;
    const user = userEvent.setup();
    render(<DataTable columns={priorityColumns} data={acts} exportConfig={{ fileName: 'a', title: 'A' }} />);
    expect(headers()).toEqual(['Descripción']);
    await user.click(screen.getByRole('button', { name: /Descripción/ }));
    await user.click(screen.getByRole('button', { name: /Descripción/ }));
    const firstCell = screen.getAllByRole('row')[1].querySelector('td');
    expect(firstCell?.textContent).toContain('Nivelación de camino');
    await user.click(screen.getByRole('button', { name: /Excel/ }));
    const input = exportXlsx.mock.calls[0][0] as { columns: { header: string }[]; rows: unknown[][] };
    expect(input.columns.map((c) => c.header)).toEqual(['Descripción', 'Estado', 'Fecha', 'Creado']);
    expect(input.rows[0]).toEqual(['Nivelación de camino', 'INACTIVO', '2025-03-05', '2025-03-05T08:00:00Z']);
  });
});

describe('kardex export', () => {
  it('prints a blank where the screen shows a blank inflow or outflow, the zero balance, the values and the opening row', async () => {
    box = 2000;
    const user = userEvent.setup();
    const row = (id: number, tipo: MovimientoRow['tipo'], ingreso: number, salida: number, saldo: number): MovimientoRow => ({
      id,
      insumo_id: 1,
      insumo_codigo: '05.01.0001',
      insumo_name: 'Filtro de aceite',
      fecha: '2025-03-01',
      tipo,
      proveedor: 'PROVEEDOR SAC',
      nro_guiaremision: `G-${id}`,
      ingreso,
      salida,
      costo_unitario: 12.3456,
      importe: round2((ingreso + salida) * 12.3456),
      saldo,
      saldo_importe: round2(saldo * 12.3456),
    });
    render(
      <DataTable
        columns={movimientoColumns}
        data={[row(-1, 'SALDO', 0, 0, 0), row(1, 'INGRESO', 5, 0, 5), row(2, 'SALIDA', 0, 5, 0)]}
        exportConfig={{ fileName: 'kardex', title: 'KARDEX' }}
      />,
    );
    const cells = screen.getAllByRole('row')[3].querySelectorAll('td');
    expect(cells[6].textContent).toBe('');
    expect(cells[8].textContent).toBe('12.3456');
    expect(screen.getAllByRole('row')[1].textContent).toContain(LABELS.movimientos.openingShort);
    await user.click(screen.getByRole('button', { name: /PDF/ }));
    const input = exportPdf.mock.calls[0][0] as { rows: unknown[][] };
    // Inflow, outflow, unit cost, amount, balance, balance value.
    expect(input.rows[0][3]).toBe(LABELS.movimientos.opening);
    expect(input.rows[1].slice(6)).toEqual([5, null, 12.3456, 61.73, 5, 61.73]);
    expect(input.rows[2].slice(6)).toEqual([null, 5, 12.3456, 61.73, 0, 0]);
  });
});

describe('exits and requests export their items', () => {
  // The hidden 'Detalle' column is what the export of a master-detail list is for.
  it('the exits list prints each exit with its items (a column the screen hides)', async () => {
    box = 500;
    const user = userEvent.setup();
    const exit: SalidaRow = {
      id: 7,
      fecha: '2025-03-02',
      nro_vale: 'V-007',
      maquinaria_id: 1,
      maquinaria: 'CARGADOR FRONTAL',
      placa: 'EGA-123',
      operador_id: 5,
      operador_dni: '12345678',
      operador_name: 'PEREZ JUAN',
      detalle: 'FIL-001 Filtro de aceite x 2.5; FIL-002 Filtro de aire x 1',
      created_at: '2025-03-02T10:00:00.000Z',
    };
    const noop = () => {};
    render(
      <DataTable
        columns={salidaColumns({ onEdit: noop, onDelete: noop, onFix: noop })}
        data={[exit]}
        exportConfig={{ fileName: 'salidas', title: 'SALIDAS' }}
      />,
    );
    expect(headers()).not.toContain(LABELS.almacen.details);
    await user.click(screen.getByRole('button', { name: /Excel/ }));
    const input = exportXlsx.mock.calls[0][0] as { columns: { header: string }[]; rows: unknown[][] };
    const at = input.columns.findIndex((c) => c.header === LABELS.almacen.details);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(input.rows[0][at]).toBe(exit.detalle);
  });

  it('the requests list prints each request with its lines', async () => {
    box = 2000;
    const user = userEvent.setup();
    const request: PedidoRow = {
      pedido_id: 31,
      maquinaria_id: 1,
      placa: 'EGA-123',
      fecha: '2025-03-03',
      estado: 0,
      observacion: null,
      detalle: 'PED-1 Cuchilla x 3 UND; PED-2 Refrigerante x 4 GLN',
      created_at: '2025-03-03T10:00:00.000Z',
    };
    const noop = () => {};
    render(
      <DataTable
        columns={pedidoColumns({ onEdit: noop, onDelete: noop })}
        data={[request]}
        exportConfig={{ fileName: 'pedidos', title: 'PEDIDOS' }}
      />,
    );
    expect(headers()).not.toContain(LABELS.almacen.details);
    await user.click(screen.getByRole('button', { name: /PDF/ }));
    const input = exportPdf.mock.calls[0][0] as { columns: { header: string }[]; rows: unknown[][] };
    const at = input.columns.findIndex((c) => c.header === LABELS.almacen.details);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(input.rows[0][at]).toBe(request.detalle);
  });
});
