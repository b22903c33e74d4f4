// The exit item sub-modal: a quantity above the available stock shows 'Cantidad no disponible' and blocks 'Agregar'.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InsumoSearchSalida } from '@shared/contract/insumos';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { SalidaItemDialog } from '@client/features/salidas/salida-item-dialog';
import type { SalidaLine } from '@client/features/salidas/api';

const FILTRO: InsumoSearchSalida = { id: 7, insumo_codigo: 'FIL-001', insumo_name: 'Filtro de aceite', unimed: 'UND', stock: 5 };

afterEach(() => vi.useRealTimers());

async function pickSupply() {
  const input = screen.getByRole('combobox', { name: LABELS.almacen.supply });
  fireEvent.change(input, { target: { value: 'fil' } });
  fireEvent.click(await screen.findByRole('option', { name: /FIL-001 - Filtro de aceite/ }));
}

describe('SalidaItemDialog', () => {
  it('blocks a quantity above the available stock with "Cantidad no disponible"', async () => {
    const onSubmit = vi.fn();
    render(
      <SalidaItemDialog
        open
        onOpenChange={() => undefined}
        line={null}
        availableOf={(_id, stock) => stock}
        onSubmit={onSubmit}
        search={async () => [FILTRO]}
      />,
    );
    // A disabled Agregar says why: first the supply, then the quantity.
    const reason = () =>
      document.getElementById(screen.getByRole('button', { name: LABELS.almacen.add }).getAttribute('aria-describedby') ?? '')?.textContent;
    expect(reason()).toBe(MSG.cannotAddYet(LABELS.almacen.supply, FIELD.required));
    await pickSupply();
    expect(reason()).toBe(MSG.cannotAddYet(LABELS.almacen.quantity, FIELD.number));
    expect(screen.getByLabelText(LABELS.salidas.available)).toHaveProperty('value', '5.00');
    expect(screen.getByLabelText(LABELS.almacen.unit)).toHaveProperty('value', 'UND');

    const qty = screen.getByLabelText(new RegExp(`^${LABELS.almacen.quantity}`));
    const add = screen.getByRole('button', { name: LABELS.almacen.add });
    fireEvent.change(qty, { target: { value: '5.01' } });
    screen.getByText(MSG.quantityUnavailable);
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(add).toHaveProperty('disabled', true);
    expect(reason()).toBe(MSG.cannotAddYet(LABELS.almacen.quantity, MSG.quantityUnavailable));
    fireEvent.click(add);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(qty, { target: { value: '5' } });
    expect(screen.queryByText(MSG.quantityUnavailable)).toBeNull();
    expect(add).toHaveProperty('disabled', false);
    fireEvent.click(add);
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ insumo_id: 7, cantidad: 5, unimed: 'UND', salida_det_id: null, old_cantidad: 0 }),
    );
  });

  it('uses the projection it is given, not the raw stock (editing a saved line)', async () => {
    const line: SalidaLine = {
      salida_det_id: 3,
      insumo_id: 7,
      insumo_codigo: 'FIL-001',
      insumo_name: 'Filtro de aceite',
      unimed: 'UND',
      old_cantidad: 2,
      cantidad: 2,
      stock: 1,
      observacion: null,
    };
    render(
      <SalidaItemDialog
        open
        onOpenChange={() => undefined}
        line={line}
        availableOf={(_id, stock) => stock + line.old_cantidad}
        onSubmit={() => undefined}
      />,
    );
    await waitFor(() => expect(screen.getByLabelText(LABELS.salidas.available)).toHaveProperty('value', '3.00'));
    const qty = screen.getByLabelText(new RegExp(`^${LABELS.almacen.quantity}`));
    fireEvent.change(qty, { target: { value: '4' } });
    screen.getByText(MSG.quantityUnavailable);
    expect(screen.getByRole('button', { name: LABELS.almacen.update })).toHaveProperty('disabled', true);
  });

  it("judges the line with the contract's line schema: a quantity the server would refuse keeps Agregar disabled", async () => {
    const onSubmit = vi.fn();
    render(
      <SalidaItemDialog
        open
        onOpenChange={() => undefined}
        line={null}
        availableOf={() => 1e12}
        onSubmit={onSubmit}
        search={async () => [FILTRO]}
      />,
    );
    await pickSupply();
    const qty = screen.getByLabelText(new RegExp(`^${LABELS.almacen.quantity}`));
    const add = screen.getByRole('button', { name: LABELS.almacen.add });
    // Within the stock, but above salidaLine's largest amount (below 10^10).
    fireEvent.change(qty, { target: { value: '10000000000' } });
    expect(screen.queryByText(MSG.quantityUnavailable)).toBeNull();
    expect(add).toHaveProperty('disabled', true);
    fireEvent.change(qty, { target: { value: '0' } });
    expect(add).toHaveProperty('disabled', true);
    fireEvent.change(qty, { target: { value: '9999999999.99' } });
    expect(add).toHaveProperty('disabled', false);
    fireEvent.click(add);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ insumo_id: 7, cantidad: 9999999999.99 }));
  });
});
