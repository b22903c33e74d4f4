// The count sheet's approval: 'Aprobar ajustes' saves the counts typed and not yet saved, then books the adjustments,
// and tells the clerk once (one toast, the approval's), not once per call it made.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { ConteoBody, InventarioDetail } from '@shared/contract/inventarios';
import { LABELS, MSG } from '@shared/messages';
import { LOGIN_MSG } from '@shared/messages-login';
import { setToken } from '@client/lib/session';
import { Toaster } from '@client/lib/toast';
import InventarioConteoPage from '@client/features/inventarios/inventario-conteo';
import { offlineEngine, providers, resetScreenTest, stubFetch } from '../helpers';
import { TODAY, tokenWithRoles } from '../maquinarias/fixtures';

vi.mock('@tanstack/react-router', async (original) => ({
  ...(await original<typeof import('@tanstack/react-router')>()),
  useParams: () => ({ id: '5' }),
  useNavigate: () => vi.fn(),
}));

const L = LABELS.inventarios;
const SLOW = { timeout: 8000 };

const sheet = (counted: number | null, estado: InventarioDetail['estado'] = 'BORRADOR'): InventarioDetail => ({
  id: 5,
  fecha: TODAY,
  descripcion: 'Inventario de fin de mes',
  estado,
  lineas: 1,
  contadas: counted === null ? 0 : 1,
  sobrantes: 0,
  faltantes: 0,
  valor_sobrantes: 0,
  valor_faltantes: 0,
  usuario: 'ALMACENERO',
  aprobado_por: estado === 'APROBADO' ? 'JEFE' : null,
  aprobado_at: null,
  created_at: new Date().toISOString(),
  detalle: [
    {
      inventario_det_id: 11,
      insumo_id: 7,
      insumo_codigo: '01.01.0001',
      insumo_name: 'ACEITE DE MOTOR',
      unimed: 'GLN',
      stock_sistema: 10,
      cantidad_contada: counted,
      motivo: null,
      diferencia: counted === null ? null : counted - 10,
      costo_unitario: 45,
      importe: 0,
    },
  ],
});

beforeEach(() => setToken(tokenWithRoles([MENU.inventarios, ROLE.inventarioNuevo, ROLE.inventarioAprobar])));
afterEach(resetScreenTest);

describe('count sheet approval', () => {
  it('saves the unsaved count, approves, and shows one toast', async () => {
    const calls: string[] = [];
    let saved: ConteoBody | null = null;
    stubFetch({
      'GET /api/inventarios/5': () => sheet(saved ? 10 : null),
      'PUT /api/inventarios/5/conteo': (body: ConteoBody) => (calls.push('conteo'), (saved = body), sheet(10)),
      'POST /api/inventarios/5/aprobar': () => (calls.push('aprobar'), sheet(10, 'APROBADO')),
      'GET /api/insumos': [],
    });
    const { engine } = offlineEngine();
    render(
      <>
        <InventarioConteoPage />
        <Toaster />
      </>,
      { wrapper: providers(engine) },
    );
    const card = await screen.findByRole('listitem', { name: '01.01.0001 - ACEITE DE MOTOR' }, SLOW);
    fireEvent.change(within(card).getByLabelText(new RegExp(L.countedQty)), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: L.approve }));
    const dialog = await screen.findByRole('dialog', { name: L.approveTitle });
    fireEvent.click(within(dialog).getByRole('button', { name: L.approve }));
    await screen.findByText(MSG.inventarioApproved(0), undefined, SLOW);
    expect(calls).toEqual(['conteo', 'aprobar']);
    expect(saved).toEqual({ lineas: [{ inventario_det_id: 11, cantidad_contada: 10, motivo: null }] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.approveTitle })).toBeNull());
    // one toast, the approval's: the save it made first says nothing of its own
    expect(screen.getAllByText(LOGIN_MSG.toastTitle)).toHaveLength(1);
    expect(screen.queryByText(MSG.inventarioSaved)).toBeNull();
  });
});
