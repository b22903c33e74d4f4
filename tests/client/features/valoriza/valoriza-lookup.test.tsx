// The valuation modal's client and save: RUC by default (11 digits), the 11th
// digit looks the taxpayer up under 'Buscando RUC' and fills rsocial; DNI (8 digits) under 'Buscando DNI' fills the
// person's names; an unknown number clears rsocial; another document type clears number and name. The save sends
// the form, not totals: reports kept as they are go as `{ parte_id }`, a removed one goes to `trash`.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ValorizaDetail } from '@shared/contract/valoriza';
import { ROLE } from '@shared/auth/permissions';
import { valorizaTotals } from '@shared/domain/valoriza';
import { LABELS, MSG } from '@shared/messages';
import { setToken } from '@client/lib/session';
import { ValorizaDialog } from '@client/features/valoriza/valoriza-dialog';
import { makeToken, offlineEngine, providers, resetScreenTest } from '../helpers';
import { CUENTAS, INFOVENTA } from '../partesdiarios/fixtures';

const V = LABELS.valoriza;

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** A fake API: SUNAT knows 20486512347, RENIEC knows 41234567; lookups wait for `release()`. */
function fakeApi(detail?: ValorizaDetail) {
  const seen: Seen[] = [];
  const waiting: (() => void)[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      seen.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path === '/api/valoriza/cuentas') return json(200, CUENTAS);
      if (path === '/api/valoriza/infoventa') return json(200, INFOVENTA);
      if (detail && method === 'GET' && path === `/api/valoriza/${detail.valoriza_id}`) return json(200, detail);
      if (detail && method === 'PUT' && path === `/api/valoriza/${detail.valoriza_id}`) return json(200, detail);
      const sunat = path.match(/^\/api\/pide\/sunat\/(\d+)$/);
      const reniec = path.match(/^\/api\/pide\/reniec\/(\d+)$/);
      if (sunat || reniec) {
        await new Promise<void>((r) => waiting.push(r));
        if (sunat?.[1] === '20486512347') return json(200, { razon_social: 'CONSTRUCTORA LOS ANDES S.A.C.' });
        if (reniec?.[1] === '41234567') return json(200, { prenombres: 'MARÍA ELENA', apPrimer: 'QUISPE', apSegundo: 'ÑAUPARI' });
        return json(404, { message: 'No encontrado' });
      }
      throw new TypeError('Failed to fetch');
    }),
  );
  return { seen, release: () => waiting.splice(0).forEach((r) => r()) };
}

/** A session with the valuation and daily-report codes. */
function token(): string {
  const [head, payload, sig] = makeToken(1).split('.');
  const decoded = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { roles: number[] };
  decoded.roles = [ROLE.valorizaNuevo, ROLE.valorizaEditar, ROLE.parteDiarioNuevo, ROLE.parteDiarioEditar, ROLE.parteDiarioEliminar];
  const body = btoa(JSON.stringify(decoded)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${head}.${body}.${sig}`;
}

beforeEach(() => setToken(token()));
afterEach(resetScreenTest);

const input = (name: RegExp | string) => screen.getByLabelText(name) as HTMLInputElement;
const rsocial = () => input(V.rsocial);

describe('valuation modal: client lookups', () => {
  it('RUC by default: the 11th digit shows Buscando RUC and fills the taxpayer; unknown clears the name', async () => {
    const api = fakeApi();
    render(<ValorizaDialog editId={null} onClose={() => undefined} />, { wrapper: providers(offlineEngine().engine) });
    const ruc = (await screen.findByLabelText(/^RUC/)) as HTMLInputElement;
    expect(ruc.maxLength).toBe(11);

    fireEvent.change(ruc, { target: { value: '2048651234' } });
    expect(api.seen.some((s) => s.path.startsWith('/api/pide'))).toBe(false); // 10 digits: no lookup yet
    fireEvent.change(ruc, { target: { value: '20486512347' } });
    await screen.findByRole('dialog', { name: MSG.lookupSearching('RUC') });
    api.release();
    await waitFor(() => expect(rsocial().value).toBe('CONSTRUCTORA LOS ANDES S.A.C.'));
    expect(screen.queryByRole('dialog', { name: MSG.lookupSearching('RUC') })).toBeNull();

    // A taxpayer the registry does not know: the name is cleared for the clerk to type.
    fireEvent.change(ruc, { target: { value: '20999999999' } });
    await screen.findByRole('dialog', { name: MSG.lookupSearching('RUC') });
    api.release();
    await waitFor(() => expect(rsocial().value).toBe(''));
    expect(api.seen.filter((s) => s.path.startsWith('/api/pide')).map((s) => s.path)).toEqual([
      '/api/pide/sunat/20486512347',
      '/api/pide/sunat/20999999999',
    ]);
  });

  it('DNI: another document type clears number and name; the 8th digit shows Buscando DNI and fills the names, surnames first', async () => {
    const api = fakeApi();
    render(<ValorizaDialog editId={null} onClose={() => undefined} />, { wrapper: providers(offlineEngine().engine) });
    const ruc = (await screen.findByLabelText(/^RUC/)) as HTMLInputElement;
    fireEvent.change(rsocial(), { target: { value: 'ESCRITO A MANO' } });
    fireEvent.change(ruc, { target: { value: '2048' } });

    fireEvent.change(input(V.tipoDoc), { target: { value: '1' } });
    const dni = (await screen.findByLabelText(/^DNI/)) as HTMLInputElement;
    expect(screen.queryByLabelText(/^RUC/)).toBeNull();
    expect(dni.value).toBe('');
    expect(rsocial().value).toBe('');
    expect(dni.maxLength).toBe(8);

    fireEvent.change(dni, { target: { value: '41234567' } });
    await screen.findByRole('dialog', { name: MSG.lookupSearching('DNI') });
    api.release();
    await waitFor(() => expect(rsocial().value).toBe('QUISPE ÑAUPARI MARÍA ELENA'));
    expect(api.seen.filter((s) => s.path.startsWith('/api/pide')).map((s) => s.path)).toEqual(['/api/pide/reniec/41234567']);
  });
});

function report(parte_id: number, monto: number) {
  const line = { cantid: 1, preuni: monto, pretot: monto };
  return {
    parte_id,
    nro_parte_interno: `PD-${parte_id}`,
    fecha: '2025-01-10',
    maquinaria_id: 1,
    maquinaria: 'CARGADOR FRONTAL',
    placa: 'EGA-123',
    operador_id: 5,
    dni_operador: '12345678',
    nombre_operador: 'PEREZ JUAN',
    actividad_id: 3,
    actividad: 'Limpieza de cunetas',
    costo_det_id: 12,
    servicio: 'TRASLADO',
    unidad: 'VIAJE' as const,
    ...line,
    monto,
    valoriza_id: 7,
    horometro: true,
    horometro_inicial: null,
    horometro_final: null,
    created_at: '2025-01-10T15:00:00.000Z',
    operador: { operador_id: 5, dni: '12345678', nombres: 'PEREZ JUAN' },
    partesdiarios_det: {
      pd_detalle_id: parte_id * 10,
      parte_id,
      costo_det_id: 12,
      servicio: 'TRASLADO',
      unidad: 'VIAJE' as const,
      old_cantidad: 1,
      ...line,
      costos_det: { costo_det_id: 12, precio: monto },
    },
  };
}

function valuation(): ValorizaDetail {
  const t = valorizaTotals({ montos: [300, 600], rubro: 1, tasa: 10 });
  return {
    valoriza_id: 7,
    fecha: '2025-01-15',
    rubro: 1,
    tipo_doc: 2,
    ndoc: '20486512347',
    rsocial: 'CONSTRUCTORA LOS ANDES S.A.C.',
    ...t,
    partes: 'PD-1, PD-2',
    created_at: '2025-01-15T15:00:00.000Z',
    cta_detraccion: 1,
    cta_deposito: 2,
    observacion: 'Alquiler de enero',
    cuentas: { detraccion: CUENTAS[0], deposito: CUENTAS[1] },
    partesdiarios: [report(1, 300), report(2, 600)],
  };
}

describe('valuation modal: the save', () => {
  it('edit: no lookup for the stored document; a removed report goes to trash, a kept one as { parte_id }, no totals sent', async () => {
    const api = fakeApi(valuation());
    const onClose = vi.fn();
    render(<ValorizaDialog editId={7} onClose={onClose} />, { wrapper: providers(offlineEngine().engine) });
    await screen.findByTestId('valoriza-totals');
    fireEvent.click(screen.getByRole('checkbox', { name: V.unlock }));
    const row = screen.getByText('PD-1').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: LABELS.remove }));
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const put = api.seen.find((s) => s.method === 'PUT');
    expect(put?.path).toBe('/api/valoriza/7');
    expect(put?.body).toEqual({
      valoriza_id: 7,
      fecha: '2025-01-15',
      rubro: 1,
      tipo_doc: 2,
      ndoc: '20486512347',
      rsocial: 'CONSTRUCTORA LOS ANDES S.A.C.',
      observacion: 'Alquiler de enero',
      cta_detraccion: 1,
      cta_deposito: 2,
      partesdiarios: [{ parte_id: 2 }],
      trash: [1],
      editorMode: 'editar',
    });
    expect(api.seen.some((s) => s.path.startsWith('/api/pide'))).toBe(false);
  });
});
