import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, within, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { DataTable, type DataTableApi } from '@client/components/data-table';
import { LABELS } from '@shared/messages';
import { actColumns, makeActs, type Act } from './fixtures';

const exportXlsx = vi.fn(async (_input: unknown) => undefined);
const exportPdf = vi.fn(async (_input: unknown) => undefined);
vi.mock('@client/lib/export', () => ({
  exportXlsx: (input: unknown) => exportXlsx(input),
  exportPdf: (input: unknown) => exportPdf(input),
}));

function bodyRows() {
  const table = screen.getByRole('table');
  const groups = within(table).getAllByRole('rowgroup');
  return within(groups[1]).queryAllByRole('row');
}

function firstCells() {
  return bodyRows().map((r) => within(r).getAllByRole('cell')[0].textContent);
}

const acts: Act[] = [
  { id: 1, descripcion: 'Limpieza de cunetas', estado: 1, fecha: '2025-03-01', created_at: '2025-03-01T10:00:00Z' },
  { id: 2, descripcion: 'Nivelación de camino', estado: 0, fecha: '2025-03-05', created_at: '2025-03-05T08:00:00Z' },
  { id: 3, descripcion: 'Excavación', estado: 1, fecha: '2025-03-05', created_at: '2025-03-05T09:00:00Z' },
  { id: 4, descripcion: 'Compactación', estado: 1, fecha: '2025-02-20', created_at: '2025-02-20T07:00:00Z' },
];

describe('DataTable', () => {
  beforeEach(() => {
    exportXlsx.mockClear();
    exportPdf.mockClear();
  });

  it('sorts by the default sort, using a hidden column as tie-breaker', () => {
    render(
      <DataTable
        columns={actColumns}
        data={acts}
        defaultSort={[
          { id: 'fecha', desc: true },
          { id: 'created_at', desc: true },
        ]}
      />,
    );
    expect(firstCells()).toEqual(['Excavación', 'Nivelación de camino', 'Limpieza de cunetas', 'Compactación']);
    expect(screen.getByRole('columnheader', { name: /Fecha/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('hides columns with meta.hidden and hiddenColumns', () => {
    render(<DataTable columns={actColumns} data={acts} hiddenColumns={['fecha']} />);
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Descripción', 'Estado']);
    expect(within(bodyRows()[0]).getAllByRole('cell')).toHaveLength(2);
  });

  it('sorts when a header is clicked, ascending then descending', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={actColumns} data={acts} />);
    await user.click(screen.getByRole('button', { name: /Descripción/ }));
    expect(firstCells()).toEqual(['Compactación', 'Excavación', 'Limpieza de cunetas', 'Nivelación de camino']);
    await user.click(screen.getByRole('button', { name: /Descripción/ }));
    expect(firstCells()).toEqual(['Nivelación de camino', 'Limpieza de cunetas', 'Excavación', 'Compactación']);
  });

  it('searches every word, ignoring accents and case, over shown text and hidden columns', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={actColumns} data={acts} />);
    const box = screen.getByRole('searchbox');
    await user.type(box, 'nivelacion CAMINO');
    expect(firstCells()).toEqual(['Nivelación de camino']);
    expect(screen.getByTestId('table-info').textContent).toContain('Mostrando 1 a 1 de 1 registros');
    expect(screen.getByTestId('table-info').textContent).toContain(LABELS.tableFiltered(4));
    await user.clear(box);
    await user.type(box, 'inactivo');
    expect(firstCells()).toEqual(['Nivelación de camino']);
    await user.clear(box);
    await user.type(box, '2025-02-20T07');
    expect(firstCells()).toEqual(['Compactación']);
    await user.clear(box);
    await user.type(box, 'zzz');
    screen.getByText(LABELS.noRecords);
  });

  it('typing more narrows from the last matches, and deleting widens again over every row', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={actColumns} data={acts} />);
    const box = screen.getByRole('searchbox');
    await user.type(box, 'ca');
    expect([...firstCells()].sort()).toEqual(['Excavación', 'Nivelación de camino']);
    await user.type(box, 'm');
    expect(firstCells()).toEqual(['Nivelación de camino']);
    // Back to 'c': not a narrowing of 'cam', so every row is searched again (cunetas comes back).
    await user.type(box, '{Backspace}{Backspace}');
    expect(firstCells()).toHaveLength(4);
    await user.type(box, 'u');
    expect(firstCells()).toEqual(['Limpieza de cunetas']);
    // A second word narrows too: every word must appear.
    await user.clear(box);
    await user.type(box, 'de c');
    expect([...firstCells()].sort()).toEqual(['Limpieza de cunetas', 'Nivelación de camino']);
    await user.type(box, 'a');
    expect(firstCells()).toEqual(['Nivelación de camino']);
  });

  it('pages 10 rows by default and "Mostrar todo" shows every row', async () => {
    const user = userEvent.setup();
    render(<DataTable columns={actColumns} data={makeActs(35)} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByTestId('table-info').textContent).toBe('Mostrando 1 a 10 de 35 registros');
    await user.click(screen.getByRole('button', { name: '4' }));
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByTestId('table-info').textContent).toBe('Mostrando 31 a 35 de 35 registros');
    await user.selectOptions(screen.getByRole('combobox', { name: LABELS.show }), LABELS.showAll);
    expect(bodyRows()).toHaveLength(35);
    expect(screen.getByTestId('table-info').textContent).toBe('Mostrando 1 a 35 de 35 registros');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('virtualizes thousands of rows under "Mostrar todo"', async () => {
    // happy-dom has no layout: give the scroll container a 600 px viewport.
    const spy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'table-scroll' ? 600 : 0;
    });
    const user = userEvent.setup();
    render(<DataTable columns={actColumns} data={makeActs(5000)} />);
    await user.selectOptions(screen.getByRole('combobox', { name: LABELS.show }), LABELS.showAll);
    expect(screen.getByTestId('table-info').textContent).toBe('Mostrando 1 a 5000 de 5000 registros');
    const rendered = bodyRows().filter((r) => r.getAttribute('aria-hidden') !== 'true');
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(200);
    expect(screen.getByRole('table').querySelector('tbody[data-virtualized]')).not.toBeNull();
    // The spacer below stands for the rows not rendered.
    const spacer = screen.getByRole('table').querySelector<HTMLElement>('tbody > tr[aria-hidden="true"]:last-child > td');
    expect(parseInt(spacer?.style.height ?? '0', 10)).toBeGreaterThan(100_000);
    spy.mockRestore();
  });

  it('exports the filtered and sorted rows of all pages with every exportable column, hidden ones too', async () => {
    const user = userEvent.setup();
    const data = [...makeActs(30), ...acts.map((a) => ({ ...a, id: a.id + 100 }))];
    render(
      <DataTable
        columns={actColumns}
        data={data}
        defaultSort={[{ id: 'fecha', desc: true }]}
        exportConfig={{ fileName: 'actividades', title: 'LISTADO DE ACTIVIDADES', orientation: 'landscape' }}
      />,
    );
    await user.type(screen.getByRole('searchbox'), 'activo');
    await user.click(screen.getByRole('button', { name: /Excel/ }));
    expect(exportXlsx).toHaveBeenCalledTimes(1);
    const input = exportXlsx.mock.calls[0][0] as { columns: { header: string }[]; rows: (string | number | null)[][]; title: string };
    expect(input.title).toBe('LISTADO DE ACTIVIDADES');
    expect(input.columns.map((c) => c.header)).toEqual(['Descripción', 'Estado', 'Fecha', 'Creado']);
    // 'activo' also matches 'INACTIVO': every row qualifies, sorted by fecha desc over all pages.
    expect(input.rows).toHaveLength(34);
    const fechas = input.rows.map((r) => r[2] as string);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    expect(input.rows[0][1]).toMatch(/ACTIVO$/);

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'inactivo');
    await user.click(screen.getByRole('button', { name: /PDF/ }));
    const pdf = exportPdf.mock.calls[0][0] as { rows: (string | number | null)[][]; orientation: string };
    expect(pdf.orientation).toBe('landscape');
    expect(pdf.rows.every((r) => r[1] === 'INACTIVO')).toBe(true);
    expect(pdf.rows).toHaveLength(15 + 1);
  });

  it('selects rows with checkboxes and reports them', async () => {
    const user = userEvent.setup();
    const onSel = vi.fn();
    const api = createRef<DataTableApi<Act>>();
    render(<DataTable columns={actColumns} data={acts} selectable onSelectionChange={onSel} apiRef={api} />);
    const boxes = screen.getAllByRole('checkbox', { name: LABELS.selectRow });
    await user.click(boxes[1]);
    expect(onSel).toHaveBeenLastCalledWith([acts[1]]);
    // The header's select-all follows the selection (the other header cells are memoized).
    expect(screen.getByRole('checkbox', { name: LABELS.selectAll }).getAttribute('aria-checked')).toBe('mixed');
    await user.click(screen.getByRole('checkbox', { name: LABELS.selectAll }));
    expect(screen.getByRole('checkbox', { name: LABELS.selectAll }).getAttribute('aria-checked')).toBe('true');
    expect(api.current?.getSelectedRows()).toHaveLength(4);
    expect(api.current?.getExportData().columns.map((c) => c.header)).toEqual(['Descripción', 'Estado', 'Fecha', 'Creado']);
  });

  it('applies rowClassName and shows the empty text and loading state', () => {
    const { rerender } = render(<DataTable columns={actColumns} data={acts} rowClassName={(r) => (r.estado ? 'row-on' : undefined)} />);
    expect(bodyRows().filter((r) => r.classList.contains('row-on'))).toHaveLength(3);
    rerender(<DataTable columns={actColumns} data={[]} />);
    screen.getByText(LABELS.noRecords);
    rerender(<DataTable columns={actColumns} data={undefined} loading />);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'x' } });
    expect(screen.getAllByText(LABELS.loading).length).toBeGreaterThan(0);
  });

  it('shadows the edge where a table too wide for the screen continues, following the scroll', () => {
    render(<DataTable label="Actividades" columns={actColumns} data={acts} />);
    const scroller = screen.getByTestId('table-scroll');
    expect(screen.queryByTestId('overflow-right')).toBeNull();
    // A tablet held upright: 600 px of a 1000 px wide ledger are visible.
    Object.defineProperty(scroller, 'scrollWidth', { configurable: true, value: 1000 });
    Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: 600 });
    fireEvent.scroll(scroller);
    screen.getByTestId('overflow-right');
    expect(screen.queryByTestId('overflow-left')).toBeNull();
    scroller.scrollLeft = 200;
    fireEvent.scroll(scroller);
    screen.getByTestId('overflow-left');
    screen.getByTestId('overflow-right');
    scroller.scrollLeft = 400;
    fireEvent.scroll(scroller);
    screen.getByTestId('overflow-left');
    expect(screen.queryByTestId('overflow-right')).toBeNull();
  });
});
