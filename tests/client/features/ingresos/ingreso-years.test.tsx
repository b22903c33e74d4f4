// Entry year choices come from the token's server date (never the device clock), down to 2022.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LABELS } from '@shared/messages';
import { clearToken, setToken } from '@client/lib/session';
import { IngresoDialog } from '@client/features/ingresos/ingreso-dialog';
import { orderYearOptions } from '@client/components/order-year';

const b64url = (s: string) => btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenWithDate = (date: string) =>
  `${b64url('{"alg":"HS256"}')}.${b64url(
    JSON.stringify({
      user: { id: 1, fullName: 'Almacen', matchPassword: false },
      area: { id: 1, name: 'ALMACEN' },
      roles: [49, 50, 51],
      date,
      exp: 4_102_444_800,
    }),
  )}.sig`;

afterEach(() => {
  vi.useRealTimers();
  clearToken();
});

describe('orderYearOptions', () => {
  it('runs from the server year down to 2022', () => {
    expect(orderYearOptions('2026-03-10')).toEqual([2026, 2025, 2024, 2023, 2022]);
    expect(orderYearOptions('2022-12-31')).toEqual([2022]);
  });
  it('never offers less than 2022, even with a missing or older date', () => {
    expect(orderYearOptions(undefined)).toEqual([2022]);
    expect(orderYearOptions('2019-05-01')).toEqual([2022]);
  });
});

describe('new entry modal', () => {
  it('offers the years of the token date, not of the device clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
    setToken(tokenWithDate('2024-11-05'));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <IngresoDialog open onOpenChange={() => undefined} viewId={null} />
      </QueryClientProvider>,
    );
    const select = screen.getByLabelText(new RegExp(`^${LABELS.ingresos.year}`));
    const years = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(years).toEqual(['2024', '2023', '2022']);
    expect(select).toHaveProperty('value', '2024');
    // Save stays disabled until an order was found.
    expect(screen.getByRole('button', { name: LABELS.shell.save })).toHaveProperty('disabled', true);
  });
});
