// NUEVO INVENTARIO: Grabar says why it is disabled until a description and a supply are given; two supplies picked
// with the typeahead (one removed again, one added) are sent as the contract's body, or none with 'Todos los insumos'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { InventarioBody, InventarioDetail } from '@shared/contract/inventarios';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { setToken } from '@client/lib/session';
import { Toaster } from '@client/lib/toast';
import { InventarioDialog } from '@client/features/inventarios/inventario-dialog';
import { field, invalidReason, offlineEngine, providers, resetScreenTest, stubFetch } from '../helpers';
import { TODAY, tokenWithRoles } from '../maquinarias/fixtures';

const L = LABELS.inventarios;
const SLOW = { timeout: 8000 };
const INSUMOS = [
  {
    id: 7,
    insumo_codigo: '01.01.0001',
    insumo_name: 'ACEITE DE MOTOR',
    unimed_id: 1,
    unimed: 'GLN',
    stock: 10,
    costo_promedio: 0,
    valor_stock: 0,
  },
  {
    id: 8,
    insumo_codigo: '01.01.0002',
    insumo_name: 'ACEITE HIDRAULICO',
    unimed_id: 1,
    unimed: 'GLN',
    stock: 4,
    costo_promedio: 0,
    valor_stock: 0,
  },
  {
    id: 9,
    insumo_codigo: '02.01.0001',
    insumo_name: 'FILTRO DE AIRE',
    unimed_id: 2,
    unimed: 'UND',
    stock: 3,
    costo_promedio: 0,
    valor_stock: 0,
  },
];
const answer = (body: InventarioBody): InventarioDetail => ({
  id: 5,
  fecha: body.fecha,
  descripcion: body.descripcion,
  estado: 'BORRADOR',
  lineas: body.insumos.length,
  contadas: 0,
  sobrantes: 0,
  faltantes: 0,
  valor_sobrantes: 0,
  valor_faltantes: 0,
  usuario: 'ALMACENERO',
  aprobado_por: null,
  aprobado_at: null,
  created_at: new Date().toISOString(),
  detalle: [],
});

beforeEach(() => setToken(tokenWithRoles([MENU.inventarios, ROLE.inventarioNuevo])));
afterEach(resetScreenTest);

async function pick(text: string, name: RegExp) {
  fireEvent.change(screen.getByLabelText(L.addSupply), { target: { value: text } });
  fireEvent.click(await screen.findByRole('option', { name }, SLOW));
}

describe('NUEVO INVENTARIO', () => {
  it('sends the date, the description and the chosen supplies', async () => {
    let sent: InventarioBody | null = null;
    stubFetch({
      'GET /api/insumos': INSUMOS,
      'POST /api/inventarios': (body: InventarioBody) => ((sent = body), answer(body)),
    });
    const onCreated = vi.fn();
    render(
      <>
        <InventarioDialog onClose={vi.fn()} onCreated={onCreated} />
        <Toaster />
      </>,
      { wrapper: providers(offlineEngine().engine) },
    );
    const dialog = screen.getByRole('dialog', { name: L.create });
    invalidReason(L.description, FIELD.required);
    fireEvent.change(field(L.description), { target: { value: 'Conteo de aceites' } });
    invalidReason(L.scope, MSG.inventarioNoSupplies);
    await pick('aceite', /ACEITE DE MOTOR/);
    await pick('hidra', /ACEITE HIDRAULICO/);
    await pick('filtro', /FILTRO DE AIRE/);
    within(dialog).getByText(L.chosen(3));
    fireEvent.click(within(dialog).getByRole('button', { name: L.removeSupply('01.01.0002') }));
    within(dialog).getByText(L.chosen(2));
    fireEvent.click(within(dialog).getByRole('button', { name: LABELS.shell.save }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled(), SLOW);
    expect(sent).toEqual({ fecha: TODAY, descripcion: 'Conteo de aceites', todos: false, insumos: [7, 9] });
  });

  it("'Todos los insumos' needs no selection", async () => {
    let sent: InventarioBody | null = null;
    stubFetch({
      'GET /api/insumos': INSUMOS,
      'POST /api/inventarios': (body: InventarioBody) => ((sent = body), answer(body)),
    });
    const onCreated = vi.fn();
    render(<InventarioDialog onClose={vi.fn()} onCreated={onCreated} />, { wrapper: providers(offlineEngine().engine) });
    fireEvent.change(field(L.description), { target: { value: 'General' } });
    fireEvent.click(screen.getByRole('button', { name: L.all }));
    expect(screen.queryByLabelText(L.addSupply)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: LABELS.shell.save }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled(), SLOW);
    expect(sent).toEqual({ fecha: TODAY, descripcion: 'General', todos: true, insumos: [] });
  });
});
