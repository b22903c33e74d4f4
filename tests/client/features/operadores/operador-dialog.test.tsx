// The operator modal's create flow: only the DNI is enabled; the 8th digit runs the identity
// lookup under 'Buscando DNI'; found, the names are filled and the non-empty address, birth date, mobile and email
// are locked while the empty ones stay editable; not found, 'Dni incorrecto' and the rest stays disabled; a
// duplicate (422 'duplicate_op') says 'Operador ya existente' in the modal; on edit the DNI is locked; a disabled
// Grabar names the field to check; closing with changes asks first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Individuo, OperadorRow } from '@shared/contract/operadores';
import { LABELS, MSG } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { toast, Toaster } from '@client/lib/toast';
import { OperadorDialog } from '@client/features/operadores/operador-dialog';
import { expectDiscardAsked, invalidReason, makeToken, offlineEngine, providers, stopEngines, field } from '../helpers';

const O = LABELS.operadores;

const person: Individuo = {
  indiv_id: 77,
  indiv_appaterno: 'QUISPE',
  indiv_apmaterno: 'HUAMAN',
  indiv_nombres: 'ROSA ELENA',
  indiv_direccion1: 'JR. AYACUCHO 245, EL TAMBO',
  indiv_fechanac: '1988-04-12',
  indiv_celular: null,
  indiv_email: 'rosa.quispe@gmail.com',
};

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** A fake API: the registry knows 40123456 only; saving answers `saveAnswer`. */
function fakeApi(saveAnswer: { status: number; body: unknown }) {
  const seen: Seen[] = [];
  let release: (() => void) | null = null;
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    seen.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const lookup = path.match(/^\/api\/operadores\/searchdni\/(\d+)$/);
    if (lookup) {
      await new Promise<void>((r) => (release = r));
      return json(200, lookup[1] === '40123456' ? [person] : []);
    }
    if (path.startsWith('/api/operadores')) return json(saveAnswer.status, saveAnswer.body);
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fn);
  return { seen, answerLookup: () => release?.() };
}

function renderDialog(row: OperadorRow | null = null) {
  const t = offlineEngine();
  const onOpenChange = vi.fn();
  render(
    <>
      <OperadorDialog open onOpenChange={onOpenChange} row={row} />
      <Toaster />
    </>,
    { wrapper: providers(t.engine) },
  );
  return { onOpenChange };
}

beforeEach(() => setToken(makeToken(1)));
afterEach(() => {
  stopEngines();
  vi.unstubAllGlobals();
  toast.clear();
  clearToken();
});

describe('operator modal, create', () => {
  it('looks the DNI up at its 8th digit, fills the names and locks what the registry gave', async () => {
    const api = fakeApi({ status: 422, body: { message: 'duplicate_op' } });
    renderDialog();
    expect(field(O.dni).disabled).toBe(false);
    for (const name of [O.name, O.address, O.email, O.mobile, O.birthDate]) expect(field(name).disabled).toBe(true);

    fireEvent.change(field(O.dni), { target: { value: '4012345' } });
    expect(api.seen).toHaveLength(0); // 7 digits: no lookup yet
    fireEvent.change(field(O.dni), { target: { value: '40123456' } });
    await screen.findByRole('dialog', { name: MSG.lookupSearching('DNI') });
    api.answerLookup();
    await waitFor(() => expect(field(O.name).value).toBe('QUISPE HUAMAN ROSA ELENA'));
    expect(screen.queryByRole('dialog', { name: MSG.lookupSearching('DNI') })).toBeNull();
    expect(api.seen.map((s) => s.path)).toEqual(['/api/operadores/searchdni/40123456']);

    // Non-empty answers are locked, the empty mobile stays editable.
    expect(field(O.address).value).toBe('JR. AYACUCHO 245, EL TAMBO');
    expect(field(O.address).readOnly).toBe(true);
    expect(field(O.email).readOnly).toBe(true);
    expect(field(O.birthDate).disabled).toBe(true);
    expect(field(O.birthDate).value).toBe('1988-04-12');
    expect(field(O.mobile).disabled).toBe(false);
    expect(field(O.mobile).readOnly).toBe(false);
    fireEvent.change(field(O.mobile), { target: { value: '987654321' } });

    // The server says the DNI is already an operator: 'Operador ya existente', the modal stays open.
    const save = screen.getByRole('button', { name: LABELS.shell.save });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    fireEvent.click(save);
    await screen.findByText(MSG.duplicateOperator);
    const post = api.seen.find((s) => s.method === 'POST');
    expect(post?.body).toMatchObject({
      dni: '40123456',
      nombres: 'QUISPE HUAMAN ROSA ELENA',
      celular: '987654321',
      email: 'rosa.quispe@gmail.com',
      fecha_nac: '1988-04-12',
      indiv_id: 77,
      editorMode: 'crear',
    });
  });

  it("an unknown DNI says 'Dni incorrecto' and keeps the rest disabled", async () => {
    const api = fakeApi({ status: 201, body: {} });
    renderDialog();
    fireEvent.change(field(O.dni), { target: { value: '10000001' } });
    await screen.findByRole('dialog', { name: MSG.lookupSearching('DNI') });
    // While the registry is asked the DNI is not wrong yet.
    expect(screen.queryByText(MSG.wrongDni)).toBeNull();
    expect(field(O.dni).getAttribute('aria-invalid')).toBeNull();
    api.answerLookup();
    await waitFor(() => expect(screen.getAllByText(MSG.wrongDni).length).toBeGreaterThan(0));
    expect(field(O.name).disabled).toBe(true);
    expect(field(O.email).disabled).toBe(true);
    expect(screen.getByRole('button', { name: LABELS.shell.save })).toHaveProperty('disabled', true);
    // Grabar says why: the registry does not know the DNI.
    invalidReason(O.dni, MSG.wrongDni);
  });

  it('a disabled Grabar names the field to check; closing with a typed DNI asks first', async () => {
    fakeApi({ status: 201, body: {} });
    const { onOpenChange } = renderDialog();
    invalidReason(O.dni);
    fireEvent.change(field(O.dni), { target: { value: '4012' } });
    await waitFor(() => invalidReason(O.dni));
    await expectDiscardAsked(O.create, onOpenChange);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('refuses an email outside the spec pattern', async () => {
    const row: OperadorRow = {
      operador_id: 4,
      indiv_id: null,
      dni: '40123456',
      nombres: 'QUISPE HUAMAN ROSA ELENA',
      direccion: null,
      celular: null,
      email: null,
      fecha_nac: null,
      sexo: null,
    };
    // The edit answers the saved operator.
    const api = fakeApi({ status: 200, body: { ...row, email: 'rosa@correo.pe' } });
    renderDialog(row);
    // Edit: the DNI is locked and no lookup runs.
    expect(field(O.dni).disabled).toBe(true);
    fireEvent.change(field(O.email), { target: { value: 'rosa@correo' } });
    await screen.findByText('Correo electrónico inválido');
    expect(screen.getByRole('button', { name: LABELS.shell.save })).toHaveProperty('disabled', true);
    fireEvent.change(field(O.email), { target: { value: 'rosa@correo.pe' } });
    await waitFor(() => expect(screen.getByRole('button', { name: LABELS.shell.save })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: LABELS.shell.save }));
    await waitFor(() => expect(api.seen.some((s) => s.method === 'PUT')).toBe(true));
    const put = api.seen.find((s) => s.method === 'PUT');
    expect(put?.path).toBe('/api/operadores/4');
    expect(put?.body).not.toHaveProperty('dni');
    expect(api.seen.some((s) => s.path.includes('searchdni'))).toBe(false);
  });
});
