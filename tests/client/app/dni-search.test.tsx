// Top-bar DNI search: digits only, at least 8, padded to 8, sent to POST /api/search and shown in a modal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD, LABELS } from '@shared/messages';
import { checkDni, dniInputValue } from '@client/app/dni';
import { DniSearch } from '@client/app/dni-search';

describe('checkDni', () => {
  it('requires a value', () => expect(checkDni('  ')).toEqual({ ok: false, error: FIELD.required }));
  it('refuses fewer than 8 digits', () => expect(checkDni('1234567')).toEqual({ ok: false, error: LABELS.shell.dniMin }));
  it('refuses non-digits', () => expect(checkDni('1234567a')).toEqual({ ok: false, error: FIELD.digits }));
  it('accepts 8 digits, padded to 8', () => expect(checkDni('01234567')).toEqual({ ok: true, dni: '01234567' }));
});

describe('dniInputValue', () => {
  it('keeps digits only; more than 8 digits is refused whole, never cut', () => {
    expect(dniInputValue('ab 12.345-678')).toBe('12345678');
    expect(dniInputValue('ab 12.345-678 9')).toBeNull();
    expect(dniInputValue('x')).toBe('');
  });
});

describe('<DniSearch>', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the field message and does not search with 7 digits', () => {
    const search = vi.fn();
    render(<DniSearch search={search} />);
    const input = screen.getByLabelText(LABELS.shell.dniSearch);
    fireEvent.change(input, { target: { value: '1234567' } });
    fireEvent.click(screen.getByRole('button', { name: LABELS.shell.search }));
    expect(screen.getByRole('alert').textContent).toBe(LABELS.shell.dniMin);
    expect(search).not.toHaveBeenCalled();
  });

  it('refuses a pasted 9-digit number with a message instead of cutting it to 8', async () => {
    const user = userEvent.setup();
    const search = vi.fn();
    render(<DniSearch search={search} />);
    const input = screen.getByLabelText(LABELS.shell.dniSearch) as HTMLInputElement;
    await user.click(input);
    await user.paste('123456789');
    expect(input.value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe(LABELS.shell.dniTooLong);
    await user.paste('04567812');
    expect(input.value).toBe('04567812');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(search).not.toHaveBeenCalled();
  });

  it('strips non-digits while typing, searches the 8 digits and shows the person', async () => {
    const search = vi.fn(async () => ({
      items: [{ tipo: 'OPERADOR' as const, dni: '04567812', nombres: 'QUISPE MAMANI JUAN', detalle: 'Operador: 3 salida(s)' }],
    }));
    render(<DniSearch search={search} />);
    const input = screen.getByLabelText(LABELS.shell.dniSearch) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '0456-7812x' } });
    expect(input.value).toBe('04567812');
    fireEvent.click(screen.getByRole('button', { name: LABELS.shell.search }));
    await screen.findByText('QUISPE MAMANI JUAN');
    expect(search).toHaveBeenCalledWith('04567812');
    screen.getByRole('dialog', { name: LABELS.shell.searchResult('04567812') });
  });

  it('says when nothing was found', async () => {
    render(<DniSearch search={async () => ({ items: [] })} />);
    fireEvent.change(screen.getByLabelText(LABELS.shell.dniSearch), { target: { value: '87654321' } });
    fireEvent.click(screen.getByRole('button', { name: LABELS.shell.search }));
    await screen.findByText(LABELS.shell.searchNone('87654321'));
  });
});
