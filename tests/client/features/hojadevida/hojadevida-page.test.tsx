// The machine's record page (/hojadevida/$id, code 75): its data with the state badge and downtime, the wear bars, the
// plan with each task's due state, the open orders and the timeline, whose kind toggles ask the server again with
// `tipos`; without code 75 the route is closed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLE } from '@shared/auth/permissions';
import type { HojaDeVidaAnswer } from '@shared/contract/hojadevida';
import { LABELS } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { makeToken, renderApp } from '../../app/helpers';
import { machine } from '../maquinarias/fixtures';

const H = LABELS.hojadevida;

const answer = (tipos: string | null): HojaDeVidaAnswer => ({
  maquinaria: { ...machine(5, 'EGM-871'), estado: 2 },
  fini: '2025-11-29',
  ffin: '2026-11-28',
  disponibilidad: {
    maquinaria_id: 5,
    placa: 'EGM-871',
    descripcion: 'MOTONIVELADORA',
    estado: 2,
    horas_periodo: 8760,
    horas_detenida: 48,
    disponibilidad: 99.45,
  },
  lecturas: [
    { fecha: '2026-11-01', medidor: 4300 },
    { fecha: '2026-11-27', medidor: 4400 },
  ],
  tareas: [
    {
      tarea_id: 1,
      plan_id: 1,
      plan: 'Plan 250 h',
      nombre: 'Cambio de aceite',
      cada_medidor: 250,
      cada_dias: null,
      margen_medidor: 25,
      margen_dias: 0,
      programacion: 'FIJA',
      proximo_medidor: 4350,
      proximo_fecha: null,
      estado: 'vencida',
      pronostico: '2026-11-28',
    },
  ],
  ordenes: [
    {
      ot_id: 9,
      anio: 2026,
      numero: 12,
      tipo: 'CORRECTIVA',
      prioridad: 'ALTA',
      estado: 'EN ESPERA DE REPUESTOS',
      descripcion: 'Cambio de bomba',
      fecha_programada: null,
      maquina_detenida: true,
      created_at: '2026-11-20T15:00:00.000Z',
    },
  ],
  eventos: [
    {
      tipo: 'FALLA',
      id: 3,
      fecha: '2026-11-26',
      momento: '2026-11-26T14:00:00.000Z',
      titulo: 'Motor no arranca',
      detalle: null,
      estado: 'PENDIENTE',
      cantidad: null,
      usuario: 'Ana Torres',
    },
    ...(tipos === 'FALLA'
      ? []
      : [
          {
            tipo: 'PARTE' as const,
            id: 7,
            fecha: '2026-11-25',
            momento: null,
            titulo: 'Parte N° 1234',
            detalle: null,
            estado: 'SIN VALORIZAR',
            cantidad: 8,
            usuario: null,
          },
        ]),
  ],
  eventos_truncados: false,
});

let asked: string[] = [];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  asked = [];
  clearToken();
  // The record's answer depends on its query string (the kinds asked).
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/hojadevida/5') {
        asked.push(url.search);
        return json(answer(url.searchParams.get('tipos')));
      }
      if (url.pathname === '/api/ajustes') return json({ officeName: 'Oficina', cityLabel: 'Lima', shortName: 'Maquinaria' });
      if (url.pathname === '/api/notificaciones') return json({ items: [] });
      return json({ message: 'no' }, 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

describe('hoja de vida page', () => {
  it('shows the data, downtime, wear, plan, open orders and the timeline; a kind toggle asks again with tipos', async () => {
    setToken(makeToken({ roles: [ROLE.hojaDeVida] }));
    const app = renderApp('/hojadevida/5');
    await screen.findByRole('heading', { name: H.title('EGM-871') }, { timeout: 8000 });
    const data = screen.getByRole('region', { name: H.data });
    within(data).getByText(LABELS.machineState[2]);
    within(data).getByText('99.45 %');
    within(screen.getByRole('region', { name: H.plan })).getByText(H.taskState.vencida);
    within(screen.getByRole('region', { name: H.orders })).getByText('OT 2026-0012');
    const timeline = screen.getByRole('list', { name: H.timeline });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(2);
    await screen.findByTestId('meter-chart', undefined, { timeout: 8000 });

    fireEvent.click(within(screen.getByRole('group', { name: H.timeline })).getByRole('button', { name: H.types.FALLA }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: H.timeline })).getAllByRole('listitem')).toHaveLength(1), {
      timeout: 8000,
    });
    expect(asked.at(-1)).toContain('tipos=FALLA');
    app.uninstall();
  });

  it('is closed to a user without code 75', async () => {
    setToken(makeToken({ roles: [ROLE.maquinariaNuevo] }));
    const app = renderApp('/hojadevida/5');
    await waitFor(() => expect(app.router.state.status).toBe('idle'));
    expect(screen.queryByRole('heading', { name: H.title('EGM-871') })).toBeNull();
    expect(asked).toEqual([]);
    app.uninstall();
  });
});
