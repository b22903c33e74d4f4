// The user's place survives a reload of the tab: the screen to reopen and each screen's filters,
// forgotten at logout.
import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { enterPlace, forgetPlaces, notePlace, savedScreen, usePlaceState } from '@client/lib/place';
import { initialEntry } from '@client/router';

afterEach(() => {
  sessionStorage.clear();
  enterPlace('');
});

describe('place', () => {
  it("keeps a screen's filter for the tab and gives it back on the screen's next mount", () => {
    enterPlace('/salidas');
    const first = renderHook(() => usePlaceState('maquinaria', 0));
    act(() => first.result.current[1](7));
    first.unmount();
    expect(renderHook(() => usePlaceState('maquinaria', 0)).result.current[0]).toBe(7);
    // Another screen has its own.
    enterPlace('/pedidos');
    expect(renderHook(() => usePlaceState('maquinaria', 0)).result.current[0]).toBe(0);
  });

  it('lets an explicit starting value (an Inicio card) win over the kept one', () => {
    enterPlace('/fallas');
    const first = renderHook(() => usePlaceState('fechas', { start: '2026-11-01', end: '2026-11-28' }));
    act(() => first.result.current[1]({ start: '2026-10-01', end: '2026-10-31' }));
    const card = renderHook(() => usePlaceState('fechas', { start: '2026-01-01', end: '2026-11-28' }, true));
    expect(card.result.current[0]).toEqual({ start: '2026-01-01', end: '2026-11-28' });
  });

  it('reopens the kept screen on a reload of the app address, and nothing after logout', () => {
    notePlace('/movimientos');
    expect(savedScreen()).toBe('/movimientos');
    expect(initialEntry()).toBe('/movimientos');
    forgetPlaces();
    expect(savedScreen()).toBeNull();
    expect(initialEntry()).toBe('/');
  });
});
