// Meter readings on the device (components/partes/lecturas.ts): the report form, offline, checks its readings with the
// server's rule against the machine's reports the device keeps (its cached copy, Dexie on fake-indexeddb) and the
// reports still in its outbox, names the report it conflicts with in Grabar's reason, and labels the readings by the
// machine's meter (Horómetro in h, Kilometraje in km; never "horas" on a kilometre machine).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ParteRow } from '@shared/contract/partesdiarios';
import { MSG, LABELS } from '@shared/messages';
import { clearToken, getSession, getToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { cacheKey } from '@client/offline/cache';
import { getDb } from '@client/offline/db';
import { closeOutboxEditor, openOutboxEditor } from '@client/offline/editors';
import { OutboxEditorHost } from '@client/offline/ui';
import '@client/app/offline-resources';
import { machineLecturas, pendingLecturas } from '@client/components/partes/lecturas';
import type { ParteItem } from '@client/components/partes/parte-item';
import { partesdiariosOffline } from '@client/features/partesdiarios/offline';
import { ParteSaveDialog } from '@client/features/partesdiarios/parte-save-dialog';
import { fakeServer, json, makeEngine, uniqueDbName } from '../../offline/helpers';
import { makeToken, providers, stopEngines, stubFetch } from '../helpers';
import { INFOVENTA, OPERADORES } from './fixtures';

const P = LABELS.partes;
const INFO = {
  ...INFOVENTA,
  maquinarias: [...INFOVENTA.maquinarias, { id: 2, descripcion: 'VOLQUETE', placa: 'EGV-456', horometro: false, estado: 0 }],
};

/** A stored report of machine 1 as the reports list answers it. */
const stored = (parte_id: number, nro: string, fecha: string, ini: number | null, fin: number | null): ParteRow => ({
  parte_id,
  nro_parte_interno: nro,
  fecha,
  maquinaria_id: 1,
  maquinaria: 'CARGADOR FRONTAL',
  placa: 'EGA-123',
  operador_id: 5,
  dni_operador: '12345678',
  nombre_operador: 'PEREZ JUAN',
  actividad_id: 3,
  actividad: 'Limpieza de cunetas',
  costo_det_id: 11,
  servicio: 'ALQUILER CARGADOR',
  unidad: 'HORA',
  cantid: 8,
  preuni: 85.5,
  pretot: 684,
  monto: 684,
  valoriza_id: null,
  horometro: true,
  horometro_inicial: ini,
  horometro_final: fin,
  created_at: '2025-01-10T15:00:00.000Z',
});

const pendingReport = (nro: string, fecha: string, ini: number, fin: number): ParteItem => ({
  parte_id: null,
  nro_parte_interno: nro,
  fecha,
  maquinaria_id: 1,
  operador_id: 5,
  dni: '12345678',
  nombre_operador: 'PEREZ JUAN',
  actividad_id: 3,
  partesdiarios_det: { costo_det_id: 11, cantid: fin - ini, preuni: 85.5, pretot: 0 },
  monto: 0,
  horometro_inicial: ini,
  horometro_final: fin,
  editorMode: 'crear',
});

beforeEach(async () => {
  setToken(makeToken(1));
  stubFetch({}); // no network: the form reads the device's copies
  await getDb().cache.bulkPut(
    [
      [['valoriza', 'infoventa'], INFO],
      [['operadores'], OPERADORES],
      // The machine's reports as the device kept them: PD-1 (100 → 108) and an old one without readings.
      [
        ['partesdiarios', 'lecturas', 1],
        [stored(1, 'PD-1', '2025-01-10', 100, 108), stored(2, 'PD-0', '2025-01-05', null, null)],
      ],
    ].map(([key, data]) => ({ key: cacheKey(key as unknown[]), data, savedAt: Date.now(), userId: 1 })),
  );
});
afterEach(async () => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  closeOutboxEditor();
  clearToken();
  await getDb().cache.clear();
});

const deps = { getToken, getSession, onUnauthorized: () => clearToken() };

async function choose(label: string, option: string | RegExp) {
  const box = screen.getByRole('combobox', { name: new RegExp(`^${label}`) });
  fireEvent.focus(box);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillHead(nro: string, machine: string) {
  fireEvent.change(await screen.findByLabelText(new RegExp(`^${P.number}`)), { target: { value: nro } });
  await choose(P.machine, machine);
  fireEvent.change(screen.getByRole('combobox', { name: LABELS.salidas.operatorDni }), { target: { value: '12345678' } });
  await waitFor(() => expect(screen.getByLabelText(LABELS.salidas.operatorName)).toHaveProperty('value', 'PEREZ JUAN'));
  await choose(P.activity, 'Limpieza de cunetas');
  await choose(P.service, /ALQUILER CARGADOR/);
  fireEvent.change(screen.getByLabelText(new RegExp(`^${P.quantity}`)), { target: { value: '1' } });
}

const readings = (horometro: boolean, ini: string, fin: string) => {
  fireEvent.change(screen.getByLabelText(P.readingInitial(horometro), { exact: false }), { target: { value: ini } });
  fireEvent.change(screen.getByLabelText(P.readingFinal(horometro), { exact: false }), { target: { value: fin } });
};

describe('meter readings on the device', () => {
  it('checks against the cached reports and the pending ones, naming the report; the valid report is queued', async () => {
    const dbName = uniqueDbName();
    const down = fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    const t = makeEngine(down.fetchImpl as unknown as typeof fetch, { ...deps, dbName, isOnline: () => false });
    // A report saved on this device earlier, still waiting: PD-3 of the 12th, 120 → 130.
    await t.engine.add(
      partesdiariosOffline.input(pendingReport('PD-3', '2025-01-12', 120, 130), {
        maquinaria: 'CARGADOR FRONTAL',
        placa: 'EGA-123',
        actividad: 'Limpieza de cunetas',
        servicio: 'ALQUILER CARGADOR',
        unidad: 'HORA',
      }),
    );
    render(
      <>
        <ParteSaveDialog item={null} defaultFecha="2025-01-11" onClose={vi.fn()} />
        <Toaster />
      </>,
      { wrapper: providers(t.engine) },
    );
    const save = await screen.findByRole('button', { name: LABELS.shell.save });
    await fillHead('PD-2', 'EGA-123 - CARGADOR FRONTAL');
    // Required on a new report.
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    // Below the final of the cached PD-1 (108).
    readings(true, '105', '110');
    const below = MSG.readingBelowPrevious('horómetro', '105.0', 'PD-1', '2025-01-10', '108.0');
    await waitFor(() => expect(screen.getAllByText(below).length).toBeGreaterThan(0));
    expect(save).toHaveProperty('disabled', true);
    // Above the initial of the pending PD-3 (120), which the server does not have yet.
    readings(true, '110', '125');
    const above = MSG.readingAboveNext('horómetro', '125.0', 'PD-3', '2025-01-12', '120.0');
    await waitFor(() => expect(screen.getAllByText(above).length).toBeGreaterThan(0));
    expect(save).toHaveProperty('disabled', true);
    readings(true, '108', '120');
    expect(await screen.findByTestId('parte-trabajo')).toHaveProperty('textContent', P.worked('12.0', 'h'));
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText(MSG.savedOffline);
    const queued = (await t.engine.list()).map((i) => i.body as ParteItem);
    expect(queued.map((b) => [b.nro_parte_interno, b.horometro_inicial, b.horometro_final])).toEqual([
      ['PD-3', 120, 130],
      ['PD-2', 108, 120],
    ]);
  });

  it('labels the readings by the meter: Kilometraje in km on an odometer, never hours', async () => {
    const t = makeEngine(fakeServer().fetchImpl as unknown as typeof fetch, { ...deps, dbName: uniqueDbName(), isOnline: () => false });
    render(<ParteSaveDialog item={null} defaultFecha="2025-01-11" onClose={vi.fn()} />, { wrapper: providers(t.engine) });
    await fillHead('PD-9', 'EGV-456 - VOLQUETE');
    readings(false, '1000', '1700');
    const tooFar = MSG.readingDayTooLong('kilometraje', '700.0', 'km', '2025-01-11', '600.0');
    await waitFor(() => expect(screen.getAllByText(tooFar).length).toBeGreaterThan(0));
    screen.getByText(P.worked('700.0', 'km'));
    // (The billing unit of the service line may be HORA: that is what is billed, not the meter.)
    expect(document.body.textContent).not.toMatch(/horas|horómetro/i);
    screen.getByLabelText(P.readingInitial(false), { exact: false });
  });

  it('a pending edit replaces its stored report; refused and accepted items do not count', () => {
    const rows = [stored(1, 'PD-1', '2025-01-10', 100, 108), stored(4, 'PD-4', '2025-01-14', 150, 160)];
    const item = (status: string, body: ParteItem, ackedAt: number | null = null) =>
      ({ resource: 'partesdiarios', method: body.parte_id ? 'PUT' : 'POST', status, ackedAt, body, meta: {} }) as never;
    const pending = pendingLecturas(
      [
        item('pending', { ...pendingReport('PD-4', '2025-01-14', 140, 150), parte_id: 4, editorMode: 'editar' }),
        item('rejected', pendingReport('PD-R', '2025-01-11', 1, 2)),
        item('pending', pendingReport('PD-A', '2025-01-11', 3, 4), Date.now()),
        item('pending', { ...pendingReport('PD-X', '2025-01-11', 5, 6), maquinaria_id: 2 }),
      ],
      1,
    );
    expect(machineLecturas(rows, pending, 1)).toEqual([
      { parte_id: 1, nro_parte_interno: 'PD-1', fecha: '2025-01-10', horometro_inicial: 100, horometro_final: 108 },
      { parte_id: 4, nro_parte_interno: 'PD-4', fecha: '2025-01-14', horometro_inicial: 140, horometro_final: 150 },
    ]);
  });

  it('a replay the server refuses for its readings shows the reason on the field; corrected, it is sent once', async () => {
    // The server had a report the device did not know of: PD-8 of the 12th starting at 115.
    const refusal = MSG.readingAboveNext('horómetro', '118.0', 'PD-8', '2025-01-12', '115.0');
    let first = true;
    const server = fakeServer(async (req) => {
      if (first) {
        first = false;
        return json(422, { message: refusal, errors: { horometro_final: refusal } });
      }
      return json(201, { parte_id: 90, ...(req.body as object) });
    });
    const t = makeEngine(server.fetchImpl as unknown as typeof fetch, deps);
    await t.engine.add(
      partesdiariosOffline.input(pendingReport('PD-7', '2025-01-11', 108, 118), {
        maquinaria: 'CARGADOR FRONTAL',
        placa: 'EGA-123',
        actividad: 'Limpieza de cunetas',
        servicio: 'ALQUILER CARGADOR',
        unidad: 'HORA',
      }),
    );
    await t.engine.flush({ force: true });
    await waitFor(async () => expect((await t.engine.list())[0]?.status).toBe('rejected'));
    const [rejected] = await t.engine.list();
    expect(rejected.lastError).toBe(refusal);
    render(
      <>
        <OutboxEditorHost />
        <Toaster />
      </>,
      { wrapper: providers(t.engine) },
    );
    await import('@client/features/partesdiarios/parte-save-dialog');
    act(() => openOutboxEditor(rejected));
    const dialog = await screen.findByRole('dialog', { name: P.fix });
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText(P.readingFinal(true), { exact: false }), { target: { value: '115' } });
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText(MSG.saved);
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(await t.engine.list()).toHaveLength(0);
    const posts = server.seen.filter((x) => x.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toMatchObject({ nro_parte_interno: 'PD-7', horometro_inicial: 108, horometro_final: 115 });
  });
});
