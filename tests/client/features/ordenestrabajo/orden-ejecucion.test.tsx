// The execution screen of a work order: the three checklist toggles, closing refused on the device while an item is
// unanswered (the server's message, nothing sent), and 'Abrir y corregir' of a close refused for stock: the reason is
// shown, a part is removed and the corrected order is resent in place of the refused item.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { setToken } from '@client/lib/session';
import type { OrdenMeta, OrdenSave } from '@client/features/ordenestrabajo/api';
import { ordenestrabajoOffline } from '@client/features/ordenestrabajo/offline';
import { OrdenEjecucion, OrdenFixDialog } from '@client/features/ordenestrabajo/orden-ejecucion';
import { makeToken } from '../../app/helpers';
import { offlineEngine, providers, resetScreenTest, stubFetch } from '../helpers';

const L = LABELS.ordenes;
const META: OrdenMeta = { placa: 'EGM-871', maquinaria: 'EXCAVADORA', horometro: false, codigo: '2026-0007', asignados_text: '' };
const part = (insumo_id: number, cantidad: number) => ({
  insumo_id,
  cantidad,
  insumo_maq_id: null,
  observacion: null,
  insumo_codigo: `INS-${insumo_id}`,
  insumo_name: 'Insumo',
  unimed: 'UND',
});
const ORDEN: OrdenSave = {
  uid: '8f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  saved: true,
  origen: 'MANUAL',
  maquinaria_id: 3,
  tarea_id: null,
  falla_id: null,
  tipo: 'CORRECTIVA',
  prioridad: 'ALTA',
  descripcion: 'Cambio de filtro hidráulico',
  fecha_programada: null,
  asignados: [],
  maquina_detenida: false,
  items_checklist: [],
  estado: 'EN CURSO',
  inicio: '2026-11-20T13:00:00.000Z',
  fin: null,
  checklist: [
    { orden: 1, descripcion: 'Filtro', resultado: null, nota: null },
    { orden: 2, descripcion: 'Fugas', resultado: 'OK', nota: null },
  ],
  mano_obra: [],
  repuestos: [part(7, 2), part(8, 1)],
  horometro_cierre: 81250,
  notas: null,
  motivo_anulacion: null,
};

beforeEach(() => {
  setToken(makeToken({ roles: [ROLE.ordenEjecutar, ROLE.ordenAnular] }));
  stubFetch({ 'GET /api/maquinarias': [], 'GET /api/insumos': [], 'GET /api/ordenestrabajo/tecnicos': [] });
});
afterEach(resetScreenTest);

const closeAndConfirm = async () => {
  fireEvent.click(screen.getByRole('button', { name: L.close }));
  const confirm = await screen.findByRole('dialog', { name: L.close });
  fireEvent.click(within(confirm).getByRole('button', { name: L.close }));
};

describe('work order execution screen', () => {
  it('the checklist toggles; closing with an item unanswered is refused on the device and nothing is sent', async () => {
    const t = offlineEngine();
    const onSave = vi.fn();
    render(<OrdenEjecucion initial={ORDEN} meta={META} savedPhotos={0} onSave={onSave} />, { wrapper: providers(t.engine) });
    screen.getByText('km');
    const filtro = screen.getByRole('group', { name: 'Filtro' });
    const ok = within(filtro).getByRole('button', { name: 'OK' });
    expect(ok.getAttribute('aria-pressed')).toBe('false');
    await closeAndConfirm();
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.ordenChecklistAbierto(1));
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.click(within(filtro).getByRole('button', { name: 'OBSERVADO' }));
    expect(within(filtro).getByRole('button', { name: 'OBSERVADO' }).getAttribute('aria-pressed')).toBe('true');
    screen.getByRole('checkbox', { name: L.openFailure });
  });

  it('a close refused for stock opens with its reason; corrected, it is resent in place of the refused item', async () => {
    const t = offlineEngine();
    const body = { ...ORDEN, estado: 'CERRADA' as const, checklist: ORDEN.checklist.map((c) => ({ ...c, resultado: 'OK' as const })) };
    const item = await t.engine.add(ordenestrabajoOffline.input(body, META));
    const refused = MSG.stockUnavailable('INS-7', '1.00');
    const resend = vi.fn(async () => ({ queued: true as const, item }));
    const onClose = vi.fn();
    render(<OrdenFixDialog fix={{ item: { ...item, status: 'rejected', lastError: refused }, body, resend }} onClose={onClose} />, {
      wrapper: providers(t.engine),
    });
    const dialog = await screen.findByRole('dialog', { name: LABELS.almacen.fix });
    expect(within(dialog).getByRole('alert').textContent).toBe(refused);
    fireEvent.click(within(dialog).getByRole('button', { name: `${LABELS.remove} INS-7` }));
    await closeAndConfirm();
    await waitFor(() => expect(resend).toHaveBeenCalledTimes(1));
    expect(resend).toHaveBeenCalledWith(
      expect.objectContaining({ uid: ORDEN.uid, saved: true, estado: 'CERRADA', repuestos: [part(8, 1)], horometro_cierre: 81250 }),
      undefined,
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
