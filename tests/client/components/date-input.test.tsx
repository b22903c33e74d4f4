// DateInput: year-month-day text whatever the browser's language; dashes placed while typing; only complete,
// real dates reach the parent; the calendar button's native picker feeds the same path.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateInput, maskYmd } from '@client/components/ui/date-input';
import { LABELS } from '@shared/messages';

function Harness({ spy, initial = '2026-11-23' }: { spy: (v: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="f">Fecha</label>
      <DateInput
        id="f"
        value={value}
        onValueChange={(v) => {
          spy(v);
          setValue(v);
        }}
      />
      <button type="button" onClick={() => setValue('2025-01-31')}>
        externo
      </button>
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('maskYmd', () => {
  it('keeps digits and places the dashes', () => {
    expect(maskYmd('2026')).toBe('2026');
    expect(maskYmd('20261')).toBe('2026-1');
    expect(maskYmd('202611')).toBe('2026-11');
    expect(maskYmd('20261123')).toBe('2026-11-23');
    expect(maskYmd('2026-11-23')).toBe('2026-11-23');
    expect(maskYmd('2026/11/23 x9')).toBe('2026-11-23');
    expect(maskYmd('abc')).toBe('');
  });
});

describe('DateInput', () => {
  it('shows the value as year-month-day text, with a placeholder and a calendar button', () => {
    render(<Harness spy={vi.fn()} />);
    const input = screen.getByLabelText('Fecha') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('2026-11-23');
    expect(input.placeholder).toBe(LABELS.datePlaceholder);
    screen.getByRole('button', { name: LABELS.openCalendar });
  });

  it('reports "" while incomplete or impossible and the date once it is whole, keeping what was typed', async () => {
    const user = userEvent.setup();
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    const input = screen.getByLabelText('Fecha') as HTMLInputElement;
    await user.clear(input);
    expect(spy).toHaveBeenLastCalledWith('');
    await user.type(input, '202602');
    expect(input.value).toBe('2026-02');
    expect(screen.getByTestId('value').textContent).toBe('');
    await user.type(input, '30');
    expect(input.value).toBe('2026-02-30');
    expect(screen.getByTestId('value').textContent).toBe('');
    await user.clear(input);
    await user.type(input, '20260228');
    expect(input.value).toBe('2026-02-28');
    expect(spy).toHaveBeenLastCalledWith('2026-02-28');
  });

  it('follows a value changed by the parent and takes the native picker choice', () => {
    const spy = vi.fn();
    const { container } = render(<Harness spy={spy} />);
    const input = screen.getByLabelText('Fecha') as HTMLInputElement;
    fireEvent.click(screen.getByText('externo'));
    expect(input.value).toBe('2025-01-31');
    const picker = container.querySelector('input[type="date"]') as HTMLInputElement;
    fireEvent.change(picker, { target: { value: '2026-03-15' } });
    expect(input.value).toBe('2026-03-15');
    expect(spy).toHaveBeenLastCalledWith('2026-03-15');
  });
});
