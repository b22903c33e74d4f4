// Offline projection of pending daily reports on the machines: a report saved on the device (real
// Dexie outbox on fake-indexeddb) raises the machine's meter and its parts' counters, bands and badges while pending;
// once sent, the server's rows carry it and nothing is counted twice; a rejected report counts for nothing; an
// offline edit counts its difference.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { MaquinariaRow } from '@shared/contract/maquinarias';
import { addDays } from '@shared/domain/wear';
import { LABELS } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { cacheKey } from '@client/offline/cache';
import { getDb } from '@client/offline/db';
import { OfflineEngineProvider } from '@client/offline/engine-context';
import type { ParteItem, ParteOutboxMeta } from '@client/components/partes/parte-item';
import { partesdiariosOffline } from '@client/features/partesdiarios/offline';
import { MaquinariasList } from '@client/features/maquinarias/maquinarias-page';
import { formatHours } from '@client/components/wear-bar';
import { pendingMeterLines, projectMaquinaria } from '@client/features/maquinarias/meter-projection';
import { offlineEngine, stopEngines, stubFetch } from '../helpers';
import { INFOVENTA } from '../partesdiarios/fixtures';
import { machine, part, TODAY, tokenWithRoles } from './fixtures';

const L = LABELS.maquinarias;
const SLOW = { timeout: 8000 };
type Engine = ReturnType<typeof offlineEngine>['engine'];

// Parts of machine 1 (hour meter): 250 warning, 400 critical, 500 limit.
const filtro = part(1, 'FILTRO DE ACEITE', 100); // info
const aceite = part(2, 'ACEITE DE MOTOR', 300); // warning
/** Changed yesterday: a report of yesterday belongs to the part taken out. */
const cuchilla = { ...part(3, 'CUCHILLA', 10), last_date_mantenimiento: addDays(TODAY, -1) };
const EGL = machine(1, 'EGL-123', [filtro, aceite, cuchilla]);
const ABC = machine(2, 'ABC-725', [part(9, 'ORUGA', 0)]);

/** A daily report as the form saves it: cost line 11 is HORA, 12 is VIAJE (INFOVENTA). */
function report(nro: string, cantid: number, over: Partial<ParteItem> = {}): ParteItem {
  return {
    parte_id: null,
    nro_parte_interno: nro,
    fecha: TODAY,
    maquinaria_id: 1,
    operador_id: 5,
    dni: '12345678',
    nombre_operador: 'PEREZ JUAN',
    actividad_id: 3,
    partesdiarios_det: { costo_det_id: 11, cantid, preuni: 85.5, pretot: 0 },
    monto: 0,
    horometro_inicial: null,
    horometro_final: null,
    editorMode: 'crear',
    ...over,
  };
}

const META = { maquinaria: 'CARGADOR FRONTAL', placa: 'EGL-123', actividad: 'Limpieza', servicio: 'ALQUILER', unidad: 'HORA' as const };

const queue = (engine: Engine, item: ParteItem, meta: Partial<ParteOutboxMeta> = {}) =>
  engine.add(partesdiariosOffline.input(item, { ...META, ...meta }));

beforeEach(() => setToken(tokenWithRoles([MENU.maquinarias, ROLE.maquinariaDesgaste])));
afterEach(async () => {
  stopEngines();
  vi.unstubAllGlobals();
  clearToken();
  await getDb().cache.clear();
});

describe('pending daily reports on the counters', () => {
  it('meter lines of the machine unit raise the meter and the parts that count them; bands move', async () => {
    const { engine } = offlineEngine();
    await queue(engine, report('P-1', 160));
    await queue(engine, report('P-2', 5, { fecha: addDays(TODAY, -1) })); // yesterday: not for the changed CUCHILLA
    await queue(engine, report('P-3', 2, { partesdiarios_det: { costo_det_id: 12, cantid: 2, preuni: 300, pretot: 600 } }), {
      unidad: 'VIAJE',
    });
    const lines = pendingMeterLines(await engine.list());
    expect(lines.get(1)?.map((l) => [l.unidad, l.cantid])).toEqual([
      ['HORA', 160],
      ['HORA', 5],
      ['VIAJE', 2],
    ]);
    const row = projectMaquinaria(EGL, lines.get(1), TODAY);
    expect(row.horometro_actual).toBe(1340.5 + 165); // the trip is not meter
    expect(row._pendiente).toBe(165);
    const [f, a, c] = row.insumos;
    expect([f.contador, f.nivel]).toEqual([265, 'warning']);
    expect([a.contador, a.nivel]).toEqual([465, 'danger']);
    expect([c.contador, c.nivel]).toEqual([170, 'info']); // only today's 160
    expect(row.uso_diario).toBe(8 + 5.5); // 165 h more inside the 30-day window
    expect(projectMaquinaria(ABC, lines.get(2), TODAY)).toBe(ABC); // another machine: untouched
  });

  it('the unit comes from the cost line in the catalogue when known (a corrected report may change it)', async () => {
    const { engine } = offlineEngine();
    // The form noted HORA, but the body's cost line 12 is a trip.
    await queue(engine, report('P-1', 3, { partesdiarios_det: { costo_det_id: 12, cantid: 3, preuni: 300, pretot: 900 } }));
    const items = await engine.list();
    expect(pendingMeterLines(items).get(1)?.[0].unidad).toBe('HORA');
    const units = new Map(INFOVENTA.precios.map((p) => [p.costo_det_id, p.unidad]));
    expect(pendingMeterLines(items, { unitOf: (id) => units.get(id) }).get(1)?.[0].unidad).toBe('VIAJE');
  });

  it('a rejected report and an accepted one count for nothing; an edit counts its difference', async () => {
    const { engine } = offlineEngine();
    const rejected = await queue(engine, report('P-1', 100));
    await engine.db.outbox.update(rejected.id, { status: 'rejected', lastError: 'Número de parte duplicado' });
    const accepted = await queue(engine, report('P-2', 100));
    await engine.db.outbox.update(accepted.id, { ackedAt: Date.now(), serverId: 77 });
    // An edit of saved report 40 from 8 h yesterday to 20 h today: −8 yesterday, +20 today.
    await queue(engine, report('P-3', 20, { parte_id: 40, editorMode: 'editar' }), {
      antes: { maquinaria_id: 1, fecha: addDays(TODAY, -1), unidad: 'HORA', cantid: 8 },
    });
    // An edit without the stored line cannot be projected.
    await queue(engine, report('P-4', 50, { parte_id: 41, editorMode: 'editar' }));
    const row = projectMaquinaria(EGL, pendingMeterLines(await engine.list()).get(1), TODAY);
    expect(row.horometro_actual).toBe(1340.5 + 12);
    expect(row.insumos.map((p) => p.contador)).toEqual([112, 312, 30]); // CUCHILLA: only today's +20
  });

  it('an item being sent, or tried before the data shown was fetched, may be on the server already: not counted', async () => {
    const { engine } = offlineEngine();
    const item = await queue(engine, report('P-1', 160));
    await engine.db.outbox.update(item.id, { status: 'sending', updatedAt: 1000 });
    expect(pendingMeterLines(await engine.list(), { savedAt: 2000 }).size).toBe(0); // list fetched after the send began
    expect(pendingMeterLines(await engine.list(), { savedAt: 500 }).get(1)).toHaveLength(1); // older copy: counts
    await engine.db.outbox.update(item.id, { status: 'retrying', attempts: 1, updatedAt: 1000 });
    expect(pendingMeterLines(await engine.list(), { savedAt: 2000 }).size).toBe(0);
    await engine.db.outbox.update(item.id, { status: 'pending', attempts: 0 });
    expect(pendingMeterLines(await engine.list(), { savedAt: 2000 }).get(1)).toHaveLength(1); // never tried: counts
  });
});

describe('LISTADO DE MAQUINARIAS with a report pending on the device', () => {
  function renderList(engine: Engine) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        <OfflineEngineProvider engine={engine}>{children}</OfflineEngineProvider>
      </QueryClientProvider>
    );
    render(<MaquinariasList tipo="admin" />, { wrapper });
    return client;
  }
  const rowOf = async (placa: string) => (await screen.findByText(placa, undefined, SLOW)).closest('tr') as HTMLElement;
  const badges = (row: HTMLElement) =>
    within(row)
      .queryAllByTitle(/^(Warning|Danger) /)
      .map((b) => b.getAttribute('title'));

  it('offline: the raised meter, the note and the new badges; sent and refetched: the server figures, not twice', async () => {
    let server: MaquinariaRow[] = [EGL, ABC];
    stubFetch({}); // no network: the device copy
    await getDb().cache.put({ key: cacheKey(['maquinarias']), data: server, savedAt: Date.now() - 60_000, userId: 1 });
    await getDb().cache.put({ key: cacheKey(['valoriza', 'infoventa']), data: INFOVENTA, savedAt: Date.now() - 60_000, userId: 1 });
    const { engine } = offlineEngine();
    const item = await queue(engine, report('P-1', 160));
    const client = renderList(engine);

    let row = await rowOf('EGL-123');
    await waitFor(() => within(row).getByText(`${formatHours(1500.5)} h`), SLOW);
    expect(within(row).getByTestId('pending-meter').textContent).toBe(L.pendingMeter('+160 h'));
    expect(badges(row)).toEqual([L.partBadge('FILTRO DE ACEITE', 'warning'), L.partBadge('ACEITE DE MOTOR', 'danger')]);
    expect(within(await rowOf('ABC-725')).queryByTestId('pending-meter')).toBeNull();

    // The report reaches the server: the item leaves the outbox and the list is fetched again with it included.
    const { _pendiente, ...sent } = projectMaquinaria(EGL, [{ fecha: TODAY, unidad: 'HORA', cantid: 160 }], TODAY);
    expect(_pendiente).toBe(160);
    server = [sent, ABC];
    stubFetch({ 'GET /api/maquinarias': () => server, 'GET /api/valoriza/infoventa': INFOVENTA });
    await act(async () => {
      await engine.db.outbox.delete(item.id);
      await client.invalidateQueries({ queryKey: ['maquinarias'] });
    });
    await waitFor(() => expect(within(row).queryByTestId('pending-meter')).toBeNull(), SLOW);
    row = await rowOf('EGL-123');
    within(row).getByText(`${formatHours(1500.5)} h`);
    expect(badges(row)).toEqual([L.partBadge('FILTRO DE ACEITE', 'warning'), L.partBadge('ACEITE DE MOTOR', 'danger')]);
  });
});
