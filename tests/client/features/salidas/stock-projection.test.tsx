// Offline available stock: cached stock minus the quantities of exits still in the outbox (real Dexie
// on fake-indexeddb), plus this exit's own stored quantity when editing; the offline supply search answers from
// the cached catalogue.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { getDb } from '@client/offline/db';
import { cacheKey } from '@client/offline/cache';
import { searchInsumosSalida } from '@client/components/insumo-search';
import type { SalidaLine } from '@client/features/salidas/api';
import { SalidaItemDialog } from '@client/features/salidas/salida-item-dialog';
import { availableForLine, pendingOutflow, storedLinesOf } from '@client/features/salidas/stock-projection';
import { useSalidaAvailability } from '@client/features/salidas/use-salida-availability';
import { exitBody, makeToken, offlineEngine, providers, stopEngines, stubFetch } from '../helpers';

const SUPPLIES = [
  { id: 7, insumo_codigo: 'FIL-001', insumo_name: 'Filtro de aceite', unimed: 'UND', unimed_id: 1, stock: 10 },
  { id: 8, insumo_codigo: 'ACE-015', insumo_name: 'Aceite 15W40', unimed: 'GLN', unimed_id: 2, stock: 4 },
];

beforeEach(async () => {
  setToken(makeToken(1));
  await getDb().cache.put({ key: cacheKey(['insumos']), data: SUPPLIES, savedAt: Date.now(), userId: 1 });
});
afterEach(async () => {
  stopEngines();
  vi.unstubAllGlobals();
  clearToken();
  await getDb().cache.clear();
});

/** Two new exits and an edit waiting in the outbox, and one rejected exit that must not count. */
async function queueExits(engine: ReturnType<typeof offlineEngine>['engine']) {
  const post = (nro: string, lines: Parameters<typeof exitBody>[2]) =>
    engine.add({
      resource: 'salidas',
      method: 'POST',
      url: '/api/salidas',
      body: exitBody(nro, '2025-01-15', lines),
      label: `Salida vale ${nro}`,
    });
  await post('001', [{ insumo_id: 7, cantidad: 2 }]);
  await post('002', [
    { insumo_id: 7, cantidad: 1.5 },
    { insumo_id: 8, cantidad: 1 },
  ]);
  // An edit of a saved exit: line 3 goes from 1 to 4 → 3 more leave the warehouse.
  await engine.add({
    resource: 'salidas',
    method: 'PUT',
    url: '/api/salidas/40',
    body: exitBody('003', '2025-01-15', [{ insumo_id: 7, cantidad: 4, salida_det_id: 3, old_cantidad: 1 }], 40),
    label: 'Salida vale 003',
  });
  const rejected = await post('004', [{ insumo_id: 7, cantidad: 9 }]);
  await engine.db.outbox.update(rejected.id, { status: 'rejected', lastError: MSG.stockUnavailable('FIL-001', '1.00') });
}

describe('offline stock projection', () => {
  it('subtracts the quantities of pending outbox exits (edits by what they add; rejected items not at all)', async () => {
    const { engine } = offlineEngine();
    await queueExits(engine);
    const pending = pendingOutflow(await engine.list());
    expect(pending.get(7)).toBe(650); // 2 + 1.5 + (4 - 1), in cents
    expect(pending.get(8)).toBe(100);
    expect(availableForLine({ stock: 10, insumoId: 7, pending })).toBe(3.5);
    expect(availableForLine({ stock: 4, insumoId: 8, pending })).toBe(3);
    // Editing a saved line of 2 units: its own stored quantity is available again; the form's other lines are not.
    const stored = storedLinesOf([{ salida_det_id: 9, insumo_id: 7, cantidad: 3, old_cantidad: 2 }]);
    expect(availableForLine({ stock: 10, insumoId: 7, pending, stored })).toBe(5.5);
    expect(availableForLine({ stock: 10, insumoId: 7, pending, otherLines: [{ insumo_id: 7, cantidad: 3 }] })).toBe(0.5);
  });

  it('the exit item sub-modal offline: cached supply, stock minus pending exits, "Cantidad no disponible" above it', async () => {
    stubFetch({}); // no network at all
    const t = offlineEngine();
    await queueExits(t.engine);
    function Harness() {
      const [lines] = useState<SalidaLine[]>([]);
      const { availableAt } = useSalidaAvailability({ lines, trash: [] });
      return (
        <SalidaItemDialog
          open
          onOpenChange={() => undefined}
          line={null}
          availableOf={(id, stock) => availableAt(-1, id, stock)}
          onSubmit={() => undefined}
        />
      );
    }
    render(<Harness />, { wrapper: providers(t.engine) });
    fireEvent.change(screen.getByRole('combobox', { name: LABELS.almacen.supply }), { target: { value: 'filtro' } });
    const option = await screen.findByRole('option', { name: /FIL-001 - Filtro de aceite/ });
    expect(option.textContent).toContain('3.50 UND'); // the suggestion shows the projected stock too, not the cached 10
    fireEvent.click(option);
    expect(await screen.findByDisplayValue('3.50')).toBe(screen.getByLabelText(LABELS.salidas.available));
    const qty = screen.getByLabelText(new RegExp(`^${LABELS.almacen.quantity}`));
    fireEvent.change(qty, { target: { value: '3.6' } });
    screen.getByText(MSG.quantityUnavailable);
    expect(screen.getByRole('button', { name: LABELS.almacen.add })).toHaveProperty('disabled', true);
    fireEvent.change(qty, { target: { value: '3.5' } });
    expect(screen.getByRole('button', { name: LABELS.almacen.add })).toHaveProperty('disabled', false);
  });

  it('the supply search falls back to the cached catalogue when the network is down', async () => {
    stubFetch({});
    const items = await searchInsumosSalida('aceite');
    expect(items.map((i) => i.insumo_codigo)).toEqual(['ACE-015', 'FIL-001']);
    expect(items[0]).toEqual({ id: 8, insumo_codigo: 'ACE-015', insumo_name: 'Aceite 15W40', unimed: 'GLN', stock: 4 });
  });
});
