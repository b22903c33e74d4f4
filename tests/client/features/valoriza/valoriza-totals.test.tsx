// Totals of the valuation modal: computed by the shared valorizaTotals (the server's function) and shown with 2
// decimals; the detracción line only above S/ 700.00 (700.00 / 700.01 boundaries), its amount 0.00 for rubros 2 and 3;
// edit mode starts locked; removing a report moves it to trash and recomputes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ValorizaDetail } from '@shared/contract/valoriza';
import { formatAmount } from '@shared/domain/money';
import { valorizaTotals } from '@shared/domain/valoriza';
import { LABELS } from '@shared/messages';
import { ROLE } from '@shared/auth/permissions';
import { setToken } from '@client/lib/session';
import { ValorizaDialog } from '@client/features/valoriza/valoriza-dialog';
import { makeToken, offlineEngine, providers, stubFetch, resetScreenTest } from '../helpers';
import { CUENTAS, INFOVENTA } from '../partesdiarios/fixtures';

const V = LABELS.valoriza;

function report(parte_id: number, monto: number) {
  const row = {
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
    cantid: 1,
    preuni: monto,
    pretot: monto,
    monto,
    valoriza_id: 7,
    horometro: true,
    horometro_inicial: null,
    horometro_final: null,
    created_at: '2025-01-10T15:00:00.000Z',
  };
  return {
    ...row,
    operador: { operador_id: 5, dni: '12345678', nombres: 'PEREZ JUAN' },
    partesdiarios_det: {
      pd_detalle_id: parte_id * 10,
      parte_id,
      costo_det_id: 12,
      servicio: 'TRASLADO',
      unidad: 'VIAJE' as const,
      cantid: 1,
      old_cantidad: 1,
      preuni: monto,
      pretot: monto,
      costos_det: { costo_det_id: 12, precio: monto },
    },
  };
}

function valuation(montos: number[], rubro = 1): ValorizaDetail {
  const t = valorizaTotals({ montos, rubro, tasa: 10 });
  return {
    valoriza_id: 7,
    fecha: '2025-01-15',
    rubro,
    tipo_doc: 2,
    ndoc: '20123456789',
    rsocial: 'CONSTRUCTORA ANDINA SAC',
    subtotal: t.subtotal,
    monto: t.monto,
    monto_detraccion: t.monto_detraccion,
    monto_deposito: t.monto_deposito,
    partes: montos.map((_, i) => `PD-${i + 1}`).join(', '),
    created_at: '2025-01-15T15:00:00.000Z',
    igv: t.igv,
    cta_detraccion: 1,
    cta_deposito: 2,
    tasa_detraccion: 10,
    observacion: 'Alquiler',
    cuentas: { detraccion: CUENTAS[0], deposito: CUENTAS[1] },
    partesdiarios: montos.map((m, i) => report(i + 1, m)),
  };
}

/** A session holding the valuation codes (the offline helpers' token holds the warehouse ones). */
function valorizaToken(): string {
  const [head, payload, sig] = makeToken(1).split('.');
  const decoded = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { roles: number[] };
  decoded.roles = [ROLE.valorizaEditar, ROLE.parteDiarioNuevo, ROLE.parteDiarioEditar, ROLE.parteDiarioEliminar];
  const body = btoa(JSON.stringify(decoded)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${head}.${body}.${sig}`;
}

beforeEach(() => setToken(valorizaToken()));
afterEach(resetScreenTest);

async function openEdit(v: ValorizaDetail) {
  stubFetch({ 'GET /api/valoriza/7': v, 'GET /api/valoriza/cuentas': CUENTAS, 'GET /api/valoriza/infoventa': INFOVENTA });
  const t = offlineEngine();
  const view = render(<ValorizaDialog editId={7} onClose={() => undefined} />, { wrapper: providers(t.engine) });
  return Object.assign(await screen.findByTestId('valoriza-totals'), { unmount: view.unmount });
}

/** The totals box as [label, amount] pairs. */
function lines(box: HTMLElement): [string, string][] {
  const dts = box.querySelectorAll('dt');
  return [...dts].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']);
}

const unlock = () => fireEvent.click(screen.getByRole('checkbox', { name: V.unlock }));
const setRubro = (rubro: number) => fireEvent.change(screen.getByLabelText(V.rubro), { target: { value: String(rubro) } });

describe('valuation modal totals', () => {
  it('at S/ 700.00 with IGV there is no detracción; at 700.01 there is, 10% of the total', async () => {
    // 593.22 × 1.18 = 699.9996 → 700.00; 593.23 × 1.18 = 700.0114 → 700.01.
    const box = await openEdit(valuation([500, 93.22]));
    expect(lines(box)).toEqual([
      [V.subtotal, '593.22'],
      [V.igv, '106.78'],
      [V.total, '700.00'],
      [V.montoDeposito, '700.00'],
    ]);
    box.unmount();
    const box2 = await openEdit(valuation([500, 93.23]));
    const t = valorizaTotals({ montos: [500, 93.23], rubro: 1, tasa: 10 });
    expect(t.monto).toBe(700.01);
    expect(lines(box2)).toEqual([
      [V.subtotal, '593.23'],
      [V.igv, '106.78'],
      [V.total, '700.01'],
      [V.detraccion('10'), '70.00'],
      [V.montoDeposito, '630.01'],
    ]);
  });

  it('rubros 2 and 3 never carry detracción (the line above 700.00 says 0.00); back to 1 it returns', async () => {
    const box = await openEdit(valuation([1000]));
    expect(lines(box)).toContainEqual([V.detraccion('10'), '118.00']);
    // Edit mode starts locked: the fields sit in a disabled fieldset until 'Editar' is checked.
    const locked = () => screen.getByLabelText(V.rubro).closest('fieldset')?.disabled;
    expect(locked()).toBe(true);
    expect(screen.getByRole('button', { name: LABELS.shell.save })).toHaveProperty('disabled', true);
    unlock();
    expect(locked()).toBe(false);
    for (const rubro of [2, 3]) {
      setRubro(rubro);
      await waitFor(() =>
        expect(lines(box)).toEqual([
          [V.subtotal, '1,000.00'],
          [V.igv, '180.00'],
          [V.total, '1,180.00'],
          [V.detraccionNone, '0.00'],
          [V.montoDeposito, '1,180.00'],
        ]),
      );
    }
    setRubro(1);
    await waitFor(() => expect(lines(box)).toContainEqual([V.montoDeposito, '1,062.00']));
  });

  it('removing a report recomputes the totals with the shared function', async () => {
    const box = await openEdit(valuation([213.75, 600]));
    unlock();
    const row = screen.getByText('PD-1').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: LABELS.remove }));
    const t = valorizaTotals({ montos: [600], rubro: 1, tasa: 10 });
    await waitFor(() => expect(lines(box)).toContainEqual([V.total, formatAmount(t.monto)]));
    expect(lines(box)).toContainEqual([V.detraccion('10'), formatAmount(t.monto_detraccion)]);
  });
});
