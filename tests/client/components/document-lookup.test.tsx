// The kit's document lookup: one rule for what a DNI/RUC field keeps (digits only, a longer number refused whole,
// typed or pasted), the lookup on the last digit, 'Buscando …', not found (null or 404) and a failed lookup said in
// Spanish instead of swallowed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { ApiError } from '@client/lib/api';
import { documentInput, lookupFailure, useDocumentLookup, type DocumentKind } from '@client/components/use-document-lookup';

describe('documentInput', () => {
  it('keeps digits only and refuses a number longer than the document, never cutting it', () => {
    expect(documentInput(' 12.345-678 ', 'DNI')).toBe('12345678');
    expect(documentInput('123456789', 'DNI')).toBeNull();
    expect(documentInput('20-48651234-7', 'RUC')).toBe('20486512347');
    expect(documentInput('204865123470', 'RUC')).toBeNull();
  });
});

describe('lookupFailure', () => {
  it('names no connection, keeps a 4xx reason, says the server did not answer for the rest, and nothing for a 401', () => {
    expect(lookupFailure(new ApiError(0, 'Sin conexión con el servidor'), 'DNI')).toBe(MSG.lookupNoConnection('DNI'));
    expect(lookupFailure(new ApiError(400, 'Datos inválidos', { errors: { ruc: MSG.rucNotFound('1') } }), 'RUC')).toBe(
      MSG.rucNotFound('1'),
    );
    expect(lookupFailure(new ApiError(429, 'Demasiadas solicitudes'), 'DNI')).toBe('Demasiadas solicitudes');
    expect(lookupFailure(new ApiError(502, 'Bad Gateway'), 'RUC')).toBe(MSG.lookupFailed('RUC'));
    expect(lookupFailure(new TypeError('x'), 'DNI')).toBe(MSG.lookupFailed('DNI'));
    expect(lookupFailure(new ApiError(401, 'Sesión expirada'), 'DNI')).toBeNull();
  });
});

/** A DNI/RUC field over the hook, as a screen writes it. */
function Field({
  kind,
  find,
  onFound,
}: {
  kind: DocumentKind;
  find: (doc: string) => Promise<string | null>;
  onFound?: (a: string) => void;
}) {
  const [value, setValue] = useState('');
  const [name, setName] = useState('');
  const lookup = useDocumentLookup<string>({
    kind,
    value,
    find,
    onFound: (answer) => {
      setName(answer);
      onFound?.(answer);
    },
    onNotFound: () => setName('—'),
  });
  return (
    <>
      <input
        aria-label={kind}
        maxLength={kind === 'DNI' ? 8 : 11}
        value={value}
        onPaste={lookup.onPaste}
        onChange={(e) => {
          const next = lookup.input(e.target.value);
          if (next !== null) setValue(next);
        }}
      />
      <p data-testid="name">{name}</p>
      <p data-testid="status">{lookup.searching ?? lookup.status}</p>
      <p data-testid="message">{lookup.message ?? ''}</p>
    </>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('useDocumentLookup', () => {
  afterEach(() => vi.restoreAllMocks());

  it('looks the number up when its last digit is typed, saying Buscando meanwhile', async () => {
    let answer: (name: string | null) => void = () => undefined;
    const find = vi.fn(() => new Promise<string | null>((r) => (answer = r)));
    render(<Field kind="RUC" find={find} />);
    fireEvent.change(screen.getByLabelText('RUC'), { target: { value: '2048651234' } });
    expect(find).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('RUC'), { target: { value: '20486512347' } });
    expect(find).toHaveBeenCalledWith('20486512347', expect.any(AbortSignal));
    expect(text('status')).toBe(MSG.lookupSearching('RUC'));
    answer('CONSTRUCTORA LOS ANDES S.A.C.');
    await waitFor(() => expect(text('name')).toBe('CONSTRUCTORA LOS ANDES S.A.C.'));
    expect(text('status')).toBe('found');
  });

  it('reads null and a 404 as not found', async () => {
    const find = vi.fn(async (doc: string) => {
      if (doc === '40123456') return null;
      throw new ApiError(404, 'No encontrado');
    });
    render(<Field kind="DNI" find={find} />);
    fireEvent.change(screen.getByLabelText('DNI'), { target: { value: '40123456' } });
    await waitFor(() => expect(text('status')).toBe('notFound'));
    fireEvent.change(screen.getByLabelText('DNI'), { target: { value: '4012345' } });
    expect(text('status')).toBe('idle'); // a changed number drops the last answer
    fireEvent.change(screen.getByLabelText('DNI'), { target: { value: '40123457' } });
    await waitFor(() => expect(text('status')).toBe('notFound'));
    expect(text('message')).toBe('');
  });

  it('says why a lookup failed instead of swallowing it', async () => {
    render(<Field kind="DNI" find={() => Promise.reject(new ApiError(0, 'Sin conexión con el servidor'))} />);
    fireEvent.change(screen.getByLabelText('DNI'), { target: { value: '40123456' } });
    await waitFor(() => expect(text('message')).toBe(MSG.lookupNoConnection('DNI')));
    expect(text('status')).toBe('failed');
  });

  it('refuses a longer number whole, typed or pasted past maxLength, and an older answer never lands on a newer number', async () => {
    const user = userEvent.setup();
    const answers: ((name: string | null) => void)[] = [];
    const onFound = vi.fn();
    render(<Field kind="DNI" find={() => new Promise<string | null>((r) => answers.push(r))} onFound={onFound} />);
    const input = screen.getByLabelText('DNI') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '123456789' } });
    expect(input.value).toBe('');
    expect(text('message')).toBe(MSG.documentTooLong('DNI', 8));
    await user.click(input);
    await user.paste('12345678');
    expect(input.value).toBe('12345678');
    expect(text('message')).toBe('');
    await user.clear(input);
    await user.paste('876543219');
    expect(input.value).toBe(''); // not cut to 87654321
    expect(text('message')).toBe(MSG.documentTooLong('DNI', 8));
    answers[0]?.('PEREZ JUAN'); // the answer for 12345678, which the field no longer holds
    await new Promise((r) => setTimeout(r, 0));
    expect(onFound).not.toHaveBeenCalled();
  });
});
