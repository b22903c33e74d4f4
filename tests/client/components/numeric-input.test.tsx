import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MSG } from '@shared/messages';
import { NumericInput, isNumericText } from '@client/components/numeric-input';

function Controlled({ integer, decimals, spy }: { integer?: boolean; decimals?: number; spy?: (v: string) => void }) {
  const [v, setV] = useState('');
  return (
    <NumericInput
      aria-label="Cantidad"
      value={v}
      integer={integer}
      decimals={decimals}
      onValueChange={(t) => {
        spy?.(t);
        setV(t);
      }}
    />
  );
}

describe('NumericInput', () => {
  it('accepts digits and one decimal part, rejecting letters and a second point', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const input = screen.getByLabelText('Cantidad') as HTMLInputElement;
    await user.type(input, '12a.5.3b');
    expect(input.value).toBe('12.53');
    await user.type(input, '9');
    expect(input.value).toBe('12.53');
  });

  it('integer mode takes digits only; a decimal point is shown as not valid instead of being dropped', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Controlled integer spy={spy} />);
    const input = screen.getByLabelText('Cantidad') as HTMLInputElement;
    await user.type(input, '4x5');
    expect(input.value).toBe('45');
    await user.type(input, '.6');
    // Not 456: the clerk sees what was typed and that it is refused; the form holds no number.
    expect(input.value).toBe('45.6');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(MSG.numberNotWhole);
    expect(spy).toHaveBeenLastCalledWith('');
    expect(spy).not.toHaveBeenCalledWith('456');
  });

  it('a decimal comma is a decimal point: 2,5 is 2.5, typed or pasted', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Controlled spy={spy} />);
    const input = screen.getByLabelText('Cantidad') as HTMLInputElement;
    await user.type(input, '2,5');
    expect(input.value).toBe('2.5');
    expect(spy).toHaveBeenLastCalledWith('2.5');
    await user.clear(input);
    await user.paste('12,75');
    expect(input.value).toBe('12.75');
    expect(spy).toHaveBeenLastCalledWith('12.75');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it.each([
    ['1e3', '13'],
    ['-3', '3'],
    ['+7', '7'],
  ])('%s never becomes %s: shown as typed, marked not valid, the form gets no number', async (typed, wrongNumber) => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Controlled spy={spy} />);
    const input = screen.getByLabelText('Cantidad') as HTMLInputElement;
    await user.type(input, typed);
    expect(input.value).toBe(typed);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(MSG.numberInvalid);
    expect(spy).not.toHaveBeenCalledWith(wrongNumber);
    expect(spy.mock.calls.at(-1)?.[0] ?? '').toBe('');
  });

  it('correcting the text makes it a number again', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Controlled spy={spy} />);
    const input = screen.getByLabelText('Cantidad') as HTMLInputElement;
    await user.type(input, '1e3');
    await user.type(input, '{Backspace}{Backspace}');
    expect(input.value).toBe('1');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(spy).toHaveBeenLastCalledWith('1');
  });

  it('blocks pasted junk and keeps a valid paste', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Controlled spy={spy} />);
    const input = screen.getByLabelText('Cantidad') as HTMLInputElement;
    await user.click(input);
    await user.paste('1,234.50');
    expect(input.value).toBe('');
    await user.paste('250.75');
    expect(input.value).toBe('250.75');
    expect(spy).toHaveBeenLastCalledWith('250.75');
  });

  it('validates text as typed', () => {
    expect(isNumericText('')).toBe(true);
    expect(isNumericText('3.')).toBe(true);
    expect(isNumericText('3.141')).toBe(false);
    expect(isNumericText('3.141', 3)).toBe(true);
    expect(isNumericText('1.2.3')).toBe(false);
    expect(isNumericText('-1')).toBe(false);
    expect(isNumericText('1.5', 2, true)).toBe(false);
  });
});
