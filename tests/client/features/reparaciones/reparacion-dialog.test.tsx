// The repair modal: a disabled Grabar names the field to check (the failure to repair too, when the machine has
// failures to offer), closing a changed form asks first, and a refused save shows the server's reason in the modal.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FallaOption } from '@shared/contract/fallas';
import { LABELS } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { ReparacionDialog } from '@client/features/reparaciones/reparacion-dialog';
import { expectDiscardAsked, invalidReason, makeToken, offlineEngine, providers, reply, stopEngines, stubFetch } from '../helpers';

const R = LABELS.reparaciones;
const A = LABELS.almacen;
/** A machine as GET /api/maquinarias answers it. */
const MACHINE = {
  id: 3,
  placa: 'EGK-512',
  descripcion: 'EXCAVADORA CAT 320',
  marca: 'CATERPILLAR',
  modelo: '320D',
  estado: 0,
  año_fabrica: 2012,
  horometro: true,
  horometro_inicial: 4200,
  horometro_actual: 5120.5,
  uso_diario: 6.5,
  veh_id: null,
  insumos: [],
};
const REFUSAL = 'La falla ya fue reparada';

let fallas: FallaOption[] = [];
let saved: unknown[] = [];
let orderItems: unknown[] = [];
let lookups: unknown[] = [];

const item = (n: number, desart: string) => ({
  ordendet_desart: desart,
  reqadj_actividades: `Actividad ${n}`,
  reqadj_garantia: `${n} MESES`,
  pers_nombre: `TALLER ${n} SAC`,
  orden_fechadoc: `2024-0${n}-1${n}`,
  orden_id: 900,
  ordendet_item: n,
  monto: n * 1250.5,
  reparacion_id: null as number | null,
});

beforeEach(() => {
  setToken(makeToken(1));
  fallas = [];
  saved = [];
  orderItems = [];
  lookups = [];
  stubFetch({
    'POST /api/reparaciones/getinforden': (body: unknown) => {
      lookups.push(body);
      return { items: orderItems };
    },
    'GET /api/maquinarias': [MACHINE],
    'POST /api/fallas/bymaquinaria': () => fallas,
    'POST /api/reparaciones': (body: unknown) => {
      saved.push(body);
      return reply(400, { message: REFUSAL });
    },
  });
});
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

async function openNew(onOpenChange = vi.fn()) {
  const t = offlineEngine();
  render(<ReparacionDialog open onOpenChange={onOpenChange} editId={null} />, { wrapper: providers(t.engine) });
  await screen.findByRole('dialog', { name: R.create });
  await screen.findByRole('option', { name: new RegExp(MACHINE.placa) });
  return onOpenChange;
}

const chooseMachine = () => fireEvent.change(screen.getByLabelText(new RegExp(`^${A.plate}`)), { target: { value: String(MACHINE.id) } });

describe('repair modal', () => {
  it('a disabled Grabar names the first invalid field; closing with changes asks first', async () => {
    const onOpenChange = await openNew();
    invalidReason(A.plate);
    chooseMachine();
    await waitFor(() => invalidReason(R.service));
    await expectDiscardAsked(R.create, onOpenChange);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('asks for the failure to repair when the machine has failures to offer', async () => {
    fallas = [{ falla_id: 7, descripcion: 'Manguera reventada', detalle: 'Fuga en el brazo', estado: 0, fecha: '2026-11-18' }];
    await openNew();
    chooseMachine();
    fireEvent.change(screen.getByLabelText(new RegExp(`^${R.service}`)), { target: { value: 'Cambio de manguera' } });
    await waitFor(() => invalidReason(R.failure));
  });

  it('a refused save shows the server reason inside the modal and keeps it open', async () => {
    const onOpenChange = await openNew();
    chooseMachine();
    fireEvent.change(screen.getByLabelText(new RegExp(`^${R.service}`)), { target: { value: 'Cambio de manguera' } });
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    const dialog = screen.getByRole('dialog', { name: R.create });
    await waitFor(() => expect(dialog.textContent).toContain(REFUSAL));
    expect(saved).toHaveLength(1);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('year choices run from the server year down to 2022; Buscar with one item fills service, provider, warranty and date', async () => {
    orderItems = [item(1, 'MANTENIMIENTO DE BOMBA')];
    await openNew();
    const year = screen.getByLabelText(new RegExp(`^${R.year}`)) as HTMLSelectElement;
    expect([...year.options].map((o) => o.value)).toEqual(['2025', '2024', '2023', '2022']);
    fireEvent.change(screen.getByLabelText(new RegExp(`^${R.orderNumber}`)), { target: { value: '777' } });
    fireEvent.change(year, { target: { value: '2024' } });
    fireEvent.click(screen.getByRole('button', { name: R.search }));
    await waitFor(() => expect((screen.getByLabelText(new RegExp(`^${R.provider}`)) as HTMLInputElement).value).toBe('TALLER 1 SAC'));
    expect(lookups).toEqual([{ nro_orden: '777', anio: 2024 }]);
    expect((screen.getByLabelText(new RegExp(`^${R.warranty}`)) as HTMLInputElement).value).toBe('1 MESES');
    expect((screen.getByLabelText(new RegExp(`^${R.service}`)) as HTMLInputElement).value).toBe('Actividad 1');
    expect((screen.getByLabelText(new RegExp(`^${A.date}`)) as HTMLInputElement).value).toBe('2024-01-11');
    // The item's amount, editable.
    expect((screen.getByLabelText(LABELS.reparacionMonto.amount, { exact: false }) as HTMLInputElement).value).toBe('1250.50');
    expect(screen.queryByLabelText(new RegExp(`^${R.relatedServices}`))).toBeNull();
  });

  it('Buscar with several items shows the related-services selector; choosing one fills the form from it', async () => {
    orderItems = [item(1, 'MANTENIMIENTO DE BOMBA'), item(2, 'CAMBIO DE FAJAS')];
    await openNew();
    fireEvent.change(screen.getByLabelText(new RegExp(`^${R.orderNumber}`)), { target: { value: '778' } });
    fireEvent.click(screen.getByRole('button', { name: R.search }));
    const services = (await screen.findByLabelText(new RegExp(`^${R.relatedServices}`))) as HTMLSelectElement;
    expect([...services.options].map((o) => o.textContent)).toEqual([R.selectService, '1 - MANTENIMIENTO DE BOMBA', '2 - CAMBIO DE FAJAS']);
    expect((screen.getByLabelText(new RegExp(`^${R.provider}`)) as HTMLInputElement).value).toBe('');
    fireEvent.change(services, { target: { value: '2' } });
    await waitFor(() => expect((screen.getByLabelText(new RegExp(`^${R.provider}`)) as HTMLInputElement).value).toBe('TALLER 2 SAC'));
    expect((screen.getByLabelText(new RegExp(`^${R.warranty}`)) as HTMLInputElement).value).toBe('2 MESES');
    expect((screen.getByLabelText(LABELS.reparacionMonto.amount, { exact: false }) as HTMLInputElement).value).toBe('2501.00');
    expect(services.value).toBe('2');
  });
});
