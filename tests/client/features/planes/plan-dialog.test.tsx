// The plan editor: Grabar says why it is disabled until the plan has a name and a task; a task added through its
// sub-modal (trigger, schedule, one of the machine's wear parts) is sent with the plan as the contract's body.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { PlanBody, PlanDetail } from '@shared/contract/planes';
import { LABELS, MSG } from '@shared/messages';
import { setToken } from '@client/lib/session';
import { Toaster } from '@client/lib/toast';
import { PlanDialog } from '@client/features/planes/plan-dialog';
import { field, invalidReason, offlineEngine, providers, resetScreenTest, stubFetch } from '../helpers';
import { part, TODAY, tokenWithRoles } from '../maquinarias/fixtures';

const L = LABELS.planes;
const SLOW = { timeout: 8000 };

beforeEach(() => setToken(tokenWithRoles([MENU.mantenimientoPreventivo, ROLE.planNuevo])));
afterEach(resetScreenTest);

describe('PLAN DE MANTENIMIENTO (editor)', () => {
  it('sends the plan with a task every 250 h or 90 days, FLOTANTE, changing a wear part, from today and the current meter (the body parsed by the contract)', async () => {
    const filtro = part(7, 'FILTRO DE ACEITE', 120);
    let sent: PlanBody | null = null;
    const answer: PlanDetail = {
      plan_id: 3,
      maquinaria_id: 1,
      placa: 'EGL-123',
      descripcion: 'CARGADOR FRONTAL',
      horometro: true,
      nombre: 'Plan 250 h',
      activo: true,
      tareas: [],
    };
    stubFetch({
      'GET /api/maquinarias/insumosbymaquinaria/1': [filtro],
      'POST /api/planes': (body: PlanBody) => {
        sent = body;
        return answer;
      },
    });
    const onClose = vi.fn();
    render(
      <>
        <PlanDialog machine={{ id: 1, placa: 'EGL-123', horometro: true, horometro_actual: 1040.5 }} planId={null} onClose={onClose} />
        <Toaster />
      </>,
      { wrapper: providers(offlineEngine().engine) },
    );
    screen.getByRole('dialog', { name: L.planTitle('EGL-123') });
    invalidReason(L.name);
    fireEvent.change(field(L.name), { target: { value: 'Plan 250 h' } });
    invalidReason(L.tasks, MSG.planNoTasks);

    fireEvent.click(screen.getByRole('button', { name: L.addTask }));
    const task = await screen.findByRole('dialog', { name: L.newTask });
    fireEvent.change(within(task).getByLabelText(new RegExp(`^${L.taskName}`)), { target: { value: 'Cambio de aceite' } });
    const add = within(task).getByRole('button', { name: LABELS.almacen.add });
    expect(add).toHaveProperty('disabled', true); // no trigger yet
    fireEvent.change(within(task).getByLabelText(L.everyMeter(L.hours)), { target: { value: '250' } });
    fireEvent.change(within(task).getByLabelText(L.everyDays), { target: { value: '90' } });
    fireEvent.change(within(task).getByLabelText(L.schedule), { target: { value: 'FLOTANTE' } });
    await waitFor(() => within(task).getByText(filtro.insumo_name), SLOW);
    fireEvent.click(within(task).getByRole('checkbox', { name: new RegExp(filtro.insumo_name) }));
    fireEvent.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: L.newTask })).toBeNull());

    // The table shows its trigger and the next due counted from today at 1,040.5 h.
    const editor = screen.getByRole('dialog', { name: L.planTitle('EGL-123') });
    within(editor).getByText('Cambio de aceite');
    within(editor).getByText(/250 h o 90 días · FLOTANTE/);
    within(editor).getByText(`${(1290.5).toLocaleString('es-PE', { maximumFractionDigits: 2 })} h`);

    fireEvent.click(within(editor).getByRole('button', { name: LABELS.shell.save }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    expect(sent).toMatchObject({
      maquinaria_id: 1,
      nombre: 'Plan 250 h',
      activo: true,
      trash: [],
      tareas: [
        {
          nombre: 'Cambio de aceite',
          cada_medidor: 250,
          cada_dias: 90,
          programacion: 'FLOTANTE',
          insumos: [filtro.insumo_maq_id],
          base_fecha: TODAY,
          base_medidor: 1040.5,
          margen_medidor: 0,
          checklist: [],
        },
      ],
    });
  });
});
