import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateRangeFilter, defaultDateRange, type DateRange } from '@client/components/date-range-filter';
import { SelectFilter } from '@client/components/select-filter';
import { RowActions } from '@client/components/row-actions';
import { NewButton } from '@client/components/new-button';
import { ListScreen, OfflineCopyNotice } from '@client/components/list-screen';
import { clearToken, setToken } from '@client/lib/session';
import { formatDate, formatMoney } from '@client/lib/format';
import { limaDate } from '@shared/domain/dates';
import { FIELD, LABELS } from '@shared/messages';
import { rangeLabel } from '@shared/contract/ranges';

function fakeToken(roles: number[]): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const payload = {
    user: { id: 1, fullName: 'Ana', matchPassword: false },
    area: { id: 1, name: 'X' },
    roles,
    date: '2025-03-10',
    exp: Math.floor(Date.now() / 1000) + 3600,
  };
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.sig`;
}

describe('Lima formats', () => {
  it('uses the Lima calendar day (UTC-5)', () => {
    expect(limaDate(new Date('2025-03-01T03:00:00Z'))).toBe('2025-02-28');
    expect(defaultDateRange(new Date('2025-03-15T12:00:00Z'))).toEqual({ start: '2025-03-01', end: '2025-03-15' });
    expect(formatDate('2025-03-01T02:00:00Z')).toBe('2025-02-28');
    expect(formatMoney(1234.5)).toBe('1,234.50');
  });
});

describe('DateRangeFilter', () => {
  function Harness({ spy }: { spy: (r: DateRange) => void }) {
    const [range, setRange] = useState<DateRange>({ start: '2025-03-01', end: '2025-03-20' });
    return (
      <DateRangeFilter
        value={range}
        onChange={(r) => {
          spy(r);
          setRange(r);
        }}
      />
    );
  }

  it('passes valid ranges on and refuses a start after the end', () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    const start = screen.getByLabelText(LABELS.startDate);
    const end = screen.getByLabelText(LABELS.endDate);
    fireEvent.change(start, { target: { value: '2025-03-05' } });
    expect(spy).toHaveBeenLastCalledWith({ start: '2025-03-05', end: '2025-03-20' });
    fireEvent.change(end, { target: { value: '2025-03-01' } });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe(LABELS.dateRangeInvalid);
    fireEvent.change(end, { target: { value: '2025-03-31' } });
    expect(spy).toHaveBeenLastCalledWith({ start: '2025-03-05', end: '2025-03-31' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("stops a range wider than the list's bound in the form, with the server's message, and lets a narrower one through", () => {
    const spy = vi.fn();
    render(<DateRangeFilter value={{ start: '2025-03-01', end: '2025-03-20' }} onChange={spy} maxMonths={12} />);
    const start = screen.getByLabelText(LABELS.startDate);
    fireEvent.change(start, { target: { value: '2024-03-20' } });
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(FIELD.rangeTooWide(rangeLabel(12)));
    expect(start.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(start, { target: { value: '2024-03-21' } });
    expect(spy).toHaveBeenLastCalledWith({ start: '2024-03-21', end: '2025-03-20' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SelectFilter', () => {
  it("offers 'Todos' as 0 and reports numbers", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<SelectFilter label="Maquinaria" value={0} onChange={onChange} options={[{ value: 7, label: 'ABC-123' }]} />);
    const select = screen.getByLabelText('Maquinaria') as HTMLSelectElement;
    expect(select.options[0].textContent).toBe('Todos');
    await user.selectOptions(select, 'ABC-123');
    expect(onChange).toHaveBeenCalledWith(7);
  });
});

describe('RowActions and NewButton', () => {
  afterEach(() => clearToken());

  it('show only the buttons whose role code the user holds', async () => {
    setToken(fakeToken([15, 14]));
    const onEdit = vi.fn();
    render(
      <>
        <RowActions editCode={15} deleteCode={16} viewCode={15} onEdit={onEdit} onDelete={() => undefined} />
        <NewButton code={14} onClick={() => undefined} />
        <NewButton code={99} onClick={() => undefined} label="Otro" />
      </>,
    );
    screen.getByRole('button', { name: LABELS.edit });
    expect(screen.queryByRole('button', { name: LABELS.remove })).toBeNull();
    // No handler → no button even with the code.
    expect(screen.queryByRole('button', { name: LABELS.view })).toBeNull();
    screen.getByRole('button', { name: LABELS.newRecord });
    expect(screen.queryByRole('button', { name: 'Otro' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: LABELS.edit }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });

  it('call the handlers of the record the row shows now (a sort or a search gives the row another record)', async () => {
    setToken(fakeToken([15, 16]));
    const user = userEvent.setup();
    const first = vi.fn();
    const second = vi.fn();
    const removed = vi.fn();
    const { rerender } = render(<RowActions editCode={15} deleteCode={16} onEdit={first} onDelete={() => undefined} />);
    rerender(<RowActions editCode={15} deleteCode={16} onEdit={second} onDelete={removed} />);
    await user.click(screen.getByRole('button', { name: LABELS.edit }));
    await user.click(screen.getByRole('button', { name: LABELS.remove }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(removed).toHaveBeenCalledTimes(1);
  });

  it('show nothing when logged out', () => {
    render(<RowActions editCode={15} onEdit={() => undefined} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ListScreen', () => {
  it('renders the upper-case title, the offline notice and the content', () => {
    render(
      <ListScreen title="Listado de actividades" notice={<OfflineCopyNotice since="2025-03-01T15:00:00Z" />}>
        <p>tabla</p>
      </ListScreen>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('LISTADO DE ACTIVIDADES');
    expect(screen.getByRole('status').textContent).toBe('Copia sin conexión del 2025-03-01 10:00:00');
    screen.getByText('tabla');
  });
});
