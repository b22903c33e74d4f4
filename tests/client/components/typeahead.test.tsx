import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Typeahead } from '@client/components/typeahead';
import { MSG } from '@shared/messages';

interface Insumo {
  id: number;
  insumo_codigo: string;
  insumo_name: string;
}

const catalog: Insumo[] = [
  { id: 1, insumo_codigo: 'A01', insumo_name: 'Aceite 15W40' },
  { id: 2, insumo_codigo: 'A02', insumo_name: 'Aceite hidráulico' },
  { id: 3, insumo_codigo: 'F01', insumo_name: 'Filtro de aire' },
];

function setup(search: (q: string, signal: AbortSignal) => Promise<Insumo[]>) {
  const onSelect = vi.fn();
  render(
    <Typeahead<Insumo>
      search={search}
      getKey={(i) => i.id}
      getLabel={(i) => `${i.insumo_codigo} - ${i.insumo_name}`}
      onSelect={onSelect}
      aria-label="Insumo"
    />,
  );
  const input = screen.getByRole('combobox', { name: 'Insumo' }) as HTMLInputElement;
  const type = (v: string) => fireEvent.change(input, { target: { value: v } });
  return { input, type, onSelect };
}

const live = () => screen.getByTestId('typeahead-live').textContent;
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe('Typeahead', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 300 ms after the last keystroke before searching', async () => {
    const search = vi.fn(async (q: string) => catalog.filter((i) => i.insumo_name.toLowerCase().includes(q.toLowerCase())));
    const { type } = setup(search);
    type('a');
    await tick(200);
    type('ac');
    await tick(299);
    expect(search).not.toHaveBeenCalled();
    await tick(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0][0]).toBe('ac');
    expect(screen.getAllByRole('option')).toHaveLength(2);
  });

  it('ignores a repeated value and never searches an empty query', async () => {
    const search = vi.fn(async () => catalog);
    const { type } = setup(search);
    type('fil');
    await tick(300);
    type('filt');
    type('fil');
    await tick(300);
    expect(search).toHaveBeenCalledTimes(1);
    type('');
    await tick(300);
    type('   ');
    await tick(300);
    expect(search).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("shows 'buscando...' while searching and aborts the stale request", async () => {
    const signals: AbortSignal[] = [];
    const search = vi.fn((_q: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<Insumo[]>(() => undefined);
    });
    const { type } = setup(search);
    type('ac');
    await tick(300);
    screen.getByText(MSG.searching);
    type('ace');
    await tick(300);
    expect(signals).toHaveLength(2);
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
  });

  it('shows the failure text when the search rejects', async () => {
    const { type } = setup(async () => {
      throw new Error('500');
    });
    type('ac');
    await tick(300);
    screen.getByText(MSG.suggestionsFailed);
  });

  it('announces the result count 100 ms after results', async () => {
    const search = vi.fn(async (q: string) => (q === 'zz' ? [] : catalog));
    const { type } = setup(search);
    type('a');
    await tick(300);
    expect(live()).toBe('');
    await tick(100);
    expect(live()).toBe(MSG.resultsAvailable(3));
    expect(live()).toBe('3 resultados disponibles');
    type('zz');
    await tick(400);
    expect(live()).toBe('No hay resultados');
  });

  it('navigates with arrows, selects with Enter and closes the list only with Escape', async () => {
    const { input, type, onSelect } = setup(async () => catalog);
    type('a');
    await tick(300);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.value).toBe('a');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(catalog[2]);
    expect(input.value).toBe('F01 - Filtro de aire');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a list that opens under a resting pointer keeps row 1 for Enter; only real pointer movement highlights a row', async () => {
    const { input, type, onSelect } = setup(async () => catalog);
    type('a');
    await tick(300);
    const options = screen.getAllByRole('option');
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    // The browser reports the pointer over row 3 without it moving (the list appeared under it).
    fireEvent.mouseMove(options[2], { clientX: 40, clientY: 90 });
    fireEvent.mouseMove(options[2], { clientX: 40, clientY: 90 });
    expect(options[0].getAttribute('aria-selected')).toBe('true');
    fireEvent.mouseMove(options[1], { clientX: 42, clientY: 60 });
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith(catalog[1]);
  });
});
