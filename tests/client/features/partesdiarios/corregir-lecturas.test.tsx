// 'Corregir lecturas' (code 74): the modal asks for both readings (labelled by the machine's meter) and a reason, sends
// them to PUT /api/partesdiarios/:id/lecturas, and a server refusal (422 naming the conflicting report) stays in the
// modal with the field marked, to be corrected and sent again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ParteRow } from '@shared/contract/partesdiarios';
import { LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { CorregirLecturasDialog } from '@client/features/partesdiarios/corregir-lecturas-dialog';
import { makeToken, offlineEngine, providers, Reply, stopEngines, stubFetch } from '../helpers';

const P = LABELS.partes;
const ROW: ParteRow = {
  parte_id: 41,
  nro_parte_interno: 'PD-41',
  fecha: '2025-01-10',
  maquinaria_id: 2,
  maquinaria: 'VOLQUETE',
  placa: 'EGV-456',
  operador_id: 5,
  dni_operador: '12345678',
  nombre_operador: 'PEREZ JUAN',
  actividad_id: 3,
  actividad: 'Limpieza de cunetas',
  costo_det_id: 12,
  servicio: 'TRASLADO',
  unidad: 'VIAJE',
  cantid: 1,
  preuni: 300,
  pretot: 300,
  monto: 300,
  valoriza_id: 7,
  horometro: false,
  horometro_inicial: 1000,
  horometro_final: 1120,
  created_at: '2025-01-10T15:00:00.000Z',
};

beforeEach(() => setToken(makeToken(1)));
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

describe('correcting a report’s readings', () => {
  it('sends both readings with the reason; a refusal names the report and keeps the modal open', async () => {
    const refusal = MSG.readingAboveNext('kilometraje', '1,250.0', 'PD-42', '2025-01-11', '1,200.0');
    const sent: unknown[] = [];
    stubFetch({
      'PUT /api/partesdiarios/41/lecturas': (body: unknown) => {
        sent.push(body);
        return sent.length === 1
          ? new Reply(422, { message: refusal, errors: { horometro_final: refusal } })
          : {
              ...ROW,
              horometro_final: 1150,
              operador: { operador_id: 5, dni: '12345678', nombres: 'PEREZ JUAN' },
              partesdiarios_det: {
                pd_detalle_id: 410,
                parte_id: 41,
                costo_det_id: 12,
                servicio: 'TRASLADO',
                unidad: 'VIAJE',
                cantid: 1,
                old_cantidad: 1,
                preuni: 300,
                pretot: 300,
                costos_det: { costo_det_id: 12, precio: 300 },
              },
            };
      },
    });
    const onClose = vi.fn();
    const t = offlineEngine();
    render(
      <>
        <CorregirLecturasDialog row={ROW} onClose={onClose} />
        <Toaster />
      </>,
      { wrapper: providers(t.engine) },
    );
    const final = screen.getByLabelText(P.readingFinal(false), { exact: false });
    expect(final).toHaveProperty('value', '1120');
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    fireEvent.change(final, { target: { value: '1250' } });
    // A reason is required.
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    fireEvent.change(screen.getByLabelText(P.correctionReason, { exact: false }), { target: { value: 'Lectura mal copiada' } });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    expect((await screen.findAllByText(refusal)).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(final, { target: { value: '1150' } });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText(MSG.readingCorrected);
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([
      { horometro_inicial: 1000, horometro_final: 1250, motivo: 'Lectura mal copiada' },
      { horometro_inicial: 1000, horometro_final: 1150, motivo: 'Lectura mal copiada' },
    ]);
    expect(document.body.textContent).not.toMatch(/horas|horómetro/i);
  });
});
