// The valuation modal, new: a disabled Grabar names the field to check (the RUC, then the observation of the
// Detalles tab, then the missing daily reports) and Cancelar on a changed valuation asks '¿Descartar los cambios?'.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FIELD, LABELS } from '@shared/messages';
import { setToken } from '@client/lib/session';
import { ValorizaDialog } from '@client/features/valoriza/valoriza-dialog';
import { expectDiscardAsked, invalidReason, makeToken, offlineEngine, providers, stubFetch, resetScreenTest } from '../helpers';
import { CUENTAS, INFOVENTA } from '../partesdiarios/fixtures';

const V = LABELS.valoriza;

beforeEach(() => setToken(makeToken(1)));
afterEach(resetScreenTest);

describe('valuation form gate', () => {
  it('names the RUC, then the observation, then the reports; asks before discarding', async () => {
    stubFetch({ 'GET /api/valoriza/cuentas': CUENTAS, 'GET /api/valoriza/infoventa': INFOVENTA });
    const onClose = vi.fn();
    render(<ValorizaDialog editId={null} onClose={onClose} />, { wrapper: providers(offlineEngine().engine) });
    const ruc = await screen.findByLabelText(/^RUC/);
    // An empty RUC is required (not 'Solo se permiten dígitos'); on opening nothing is marked, the observation
    // of the other tab is not said to be missing yet.
    invalidReason('RUC', FIELD.required);
    expect(ruc.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(V.obsMissing)).toBeNull();

    fireEvent.change(screen.getByLabelText(V.rubro), { target: { value: '1' } });
    // The registry lookup has no network here: the name stays for the clerk to type.
    fireEvent.change(ruc, { target: { value: '20123456789' } });
    await waitFor(() => invalidReason(V.observation, FIELD.required));
    // Now the observation is what keeps Grabar disabled: the General tab points to it.
    screen.getByText(V.obsMissing);
    fireEvent.change(screen.getByLabelText(new RegExp(`^${V.observation}`)), { target: { value: 'Alquiler de enero' } });
    await waitFor(() => invalidReason(V.reports, FIELD.required));

    await expectDiscardAsked(V.create, onClose);
  });
});
