import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

  it('integer mode takes digits only', async () => {
    const user = userEvent.setup();
    render(<Controlled integer />);
    const input = screen.getByLabelText('Cantidad') as HTMLInputElement;
    await user.type(input, '4x5.6-');
    expect(input.value).toBe('456');
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
