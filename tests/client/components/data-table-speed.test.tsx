// The list kit's speed devices give exactly what the plain way gives: cached whole orders against a comparison
// sort, the narrowing search against a full search, recycled window keys, and the virtual window under
// 'Mostrar todo' (virtual from 50 rows, back to the top when a search changes the rows).
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { DataTable, type DataTableApi } from '@client/components/data-table';
import { RankCache, computeRanks, sortIndexes } from '@client/components/data-table/sort';
import { recycleSlots } from '@client/components/data-table/table-body';
import { normalizeSearch } from '@client/components/data-table/search';
import { LABELS } from '@shared/messages';
import { actColumns, makeActs, type Act } from './fixtures';

/** A small deterministic generator (tests must not depend on Math.random). */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('sortIndexes with cached whole orders', () => {
  const rnd = lcg(7);
  const n = 400;
  // Few distinct values (many ties), empties, numbers and text.
  const cols: Record<string, unknown[]> = {
    a: Array.from({ length: n }, () => Math.floor(rnd() * 12)),
    b: Array.from({ length: n }, () =>
      rnd() < 0.1 ? null : ['Ñandú', 'nube', 'Camión', 'camion 2', 'camion 10', ''][Math.floor(rnd() * 6)],
    ),
    c: Array.from({ length: n }, () => (rnd() < 0.5 ? rnd() * 100 : `x${Math.floor(rnd() * 5)}`)),
  };
  const rows = Array.from({ length: n }, (_, i) => ({ getValue: (id: string) => cols[id][i] }));
  const ranks = Object.fromEntries(Object.entries(cols).map(([id, v]) => [id, computeRanks(v)]));
  /** The plain way: a stable comparison over the ranks, ties in data order. */
  const reference = (indexes: number[], sorting: { id: string; desc: boolean }[]) =>
    [...indexes].sort((x, y) => {
      for (const s of sorting) {
        const d = ranks[s.id][x] - ranks[s.id][y];
        if (d !== 0) return s.desc ? -d : d;
      }
      return x - y;
    });
  const sortings = [
    [{ id: 'a', desc: false }],
    [{ id: 'a', desc: true }],
    [{ id: 'b', desc: true }],
    [{ id: 'c', desc: false }],
    [
      { id: 'a', desc: true },
      { id: 'b', desc: false },
    ],
    [
      { id: 'b', desc: false },
      { id: 'c', desc: true },
      { id: 'a', desc: false },
    ],
  ];

  it('orders every row, and any subset of them, exactly like a stable comparison sort', () => {
    const cache = new RankCache(rows as never);
    const all = Array.from({ length: n }, (_, i) => i);
    for (const sorting of sortings) {
      expect(sortIndexes(all, sorting, cache)).toEqual(reference(all, sorting));
      for (const share of [0.02, 0.3, 0.9]) {
        const subset = all.filter(() => rnd() < share);
        expect(sortIndexes(subset, sorting, cache)).toEqual(reference(subset, sorting));
      }
    }
  });

  it('keeps every row in order per sorting: the same array again for a sorting already seen', () => {
    const cache = new RankCache(rows as never);
    const all = Array.from({ length: n }, (_, i) => i);
    for (const sorting of sortings) {
      const inOrder = cache.rowsInOrder(sorting);
      expect(inOrder).toEqual(reference(all, sorting).map((i) => rows[i]));
      expect(cache.rowsInOrder(sorting)).toBe(inOrder);
    }
  });

  it('gives a fresh array the caller may keep (the cached order is not shared)', () => {
    const cache = new RankCache(rows as never);
    const all = Array.from({ length: n }, (_, i) => i);
    const first = sortIndexes(all, [{ id: 'a', desc: false }], cache);
    first.reverse();
    expect(sortIndexes(all, [{ id: 'a', desc: false }], cache)).toEqual(reference(all, [{ id: 'a', desc: false }]));
  });
});

describe('recycleSlots', () => {
  it('keeps the slots of rows that stay and gives the freed ones to rows that enter', () => {
    const first = recycleSlots(new Map(), [10, 11, 12, 13]);
    expect([...first]).toEqual([
      [10, 0],
      [11, 1],
      [12, 2],
      [13, 3],
    ]);
    // Scrolled by two rows: 12 and 13 keep theirs, 14 and 15 take 10's and 11's.
    const scrolled = recycleSlots(first, [12, 13, 14, 15]);
    expect([...scrolled]).toEqual([
      [12, 2],
      [13, 3],
      [14, 0],
      [15, 1],
    ]);
    // A jump (a search that shows the top): every row takes a freed slot, none is new; a bigger window adds new ones.
    const jumped = recycleSlots(scrolled, [0, 1, 2, 3, 4, 5]);
    expect(new Set(jumped.values())).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect([...jumped.values()].slice(0, 4).sort()).toEqual([0, 1, 2, 3]);
    // ...in the order the old rows stood (12, 13, 14, 15 had slots 2, 3, 0, 1), so no <tr> has to move.
    expect([...jumped.values()]).toEqual([...scrolled.values(), 4, 5]);
  });
});

function bodyRows(): HTMLTableRowElement[] {
  return [...screen.getByRole('table').querySelectorAll<HTMLTableRowElement>('tbody > tr:not([aria-hidden])')];
}

describe('search as one types', () => {
  it('narrowing letter by letter, deleting and typing anew give exactly the rows of a search from scratch', async () => {
    const user = userEvent.setup();
    const data = makeActs(300).map((a, i) => ({ ...a, descripcion: `${a.descripcion} ${['camión', 'Cargador', 'nivelación'][i % 3]}` }));
    const api = createRef<DataTableApi<Act>>();
    render(<DataTable columns={actColumns} data={data} apiRef={api} />);
    const box = screen.getByRole('searchbox');
    const expected = (q: string) => {
      const words = normalizeSearch(q).split(/\s+/).filter(Boolean);
      return data
        .filter((a) => {
          const text = normalizeSearch([a.descripcion, a.estado === 1 ? 'ACTIVO' : 'INACTIVO', a.fecha, a.created_at].join('\u0001'));
          return words.every((w) => text.includes(w));
        })
        .map((a) => a.descripcion);
    };
    const shown = () => api.current!.getExportData().rows.map((r) => r[0]);
    let typed = '';
    for (const key of ['a', 'c', 't', 'i', 'v', 'i', 'd', 'a', 'd', ' ', '0', '1', '2']) {
      await user.type(box, key);
      typed += key;
      expect(shown()).toEqual(expected(typed));
    }
    expect(shown().length).toBeGreaterThan(0);
    // Deleting widens again; a query that does not extend the last one searches every row.
    for (const q of ['actividad 01', 'CAMION 01', 'cargador 00', 'activo 2025-01-0']) {
      fireEvent.change(box, { target: { value: q } });
      expect(shown()).toEqual(expected(q));
    }
  });
});

describe("virtual window under 'Mostrar todo'", () => {
  it('is virtual above 50 rows and plain below, and a search that changes the rows goes back to the top', async () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'table-scroll' ? 600 : 0;
    });
    try {
      const user = userEvent.setup();
      // Vouchers V-00001 … V-02000 and nothing else to match.
      const data = makeActs(2000).map((a) => ({ ...a, descripcion: `V-${String(a.id).padStart(5, '0')}`, fecha: '', created_at: '' }));
      render(<DataTable columns={actColumns} data={data} />);
      await user.selectOptions(screen.getByRole('combobox', { name: LABELS.show }), LABELS.showAll);
      const table = screen.getByRole('table');
      expect(table.querySelector('tbody[data-virtualized]')).not.toBeNull();
      const scroll = screen.getByTestId('table-scroll');
      scroll.scrollTop = 20_000;
      fireEvent.scroll(scroll);
      // 'V-001' matches 100 rows (V-00100 … V-00199): still virtual under 'Mostrar todo'.
      const box = screen.getByRole('searchbox');
      fireEvent.change(box, { target: { value: 'V-001' } });
      expect(screen.getByTestId('table-info').textContent).toBe(LABELS.tableInfo(1, 100, 100) + LABELS.tableFiltered(2000));
      expect(table.querySelector('tbody[data-virtualized]')).not.toBeNull();
      expect(scroll.scrollTop).toBe(0);
      expect(bodyRows()[0].textContent).toContain('V-00100');
      // Stripes follow the place in the list (odd places shaded), not the DOM position after the spacer row.
      for (const tr of bodyRows()) {
        expect(tr.classList.contains('bg-slate-50/70')).toBe(Number(tr.dataset.index) % 2 === 1);
      }
      scroll.scrollTop = 37 * 40;
      fireEvent.scroll(scroll);
      const scrolled = bodyRows();
      expect(Number(scrolled[0].dataset.index)).toBeGreaterThan(0);
      for (const tr of scrolled) expect(tr.classList.contains('bg-slate-50/70')).toBe(Number(tr.dataset.index) % 2 === 1);
      // 'V-0010' matches 10: plain.
      fireEvent.change(box, { target: { value: 'V-0010' } });
      expect(table.querySelector('tbody[data-virtualized]')).toBeNull();
      expect(bodyRows()).toHaveLength(10);
    } finally {
      spy.mockRestore();
    }
  });

  it('sorts every row both ways and back, and a search then keeps that order', async () => {
    const spy = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'table-scroll' ? 600 : 0;
    });
    try {
      const user = userEvent.setup();
      const data = makeActs(2000).map((a) => ({ ...a, descripcion: `V-${String(a.id).padStart(5, '0')}`, fecha: '', created_at: '' }));
      const api = createRef<DataTableApi<(typeof data)[number]>>();
      render(<DataTable columns={actColumns} data={data} apiRef={api} />);
      await user.selectOptions(screen.getByRole('combobox', { name: LABELS.show }), LABELS.showAll);
      const header = screen.getByRole('button', { name: 'Descripción' });
      const firstTwo = () =>
        bodyRows()
          .slice(0, 2)
          .map((tr) => tr.cells[0].textContent);
      await user.click(header);
      expect(firstTwo()).toEqual(['V-00001', 'V-00002']);
      await user.click(header);
      expect(firstTwo()).toEqual(['V-02000', 'V-01999']);
      await user.click(header);
      expect(firstTwo()).toEqual(['V-00001', 'V-00002']);
      expect(api.current?.getExportData().rows.map((r) => r[0])).toEqual(data.map((a) => a.descripcion));
      await user.click(header);
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'V-001' } });
      expect(firstTwo()).toEqual(['V-00199', 'V-00198']);
      fireEvent.change(screen.getByRole('searchbox'), { target: { value: '' } });
      expect(firstTwo()).toEqual(['V-02000', 'V-01999']);
      expect(api.current?.getExportData().rows.map((r) => r[0])).toEqual(data.map((a) => a.descripcion).reverse());
    } finally {
      spy.mockRestore();
    }
  });
});
