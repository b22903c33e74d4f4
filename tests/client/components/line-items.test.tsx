import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useLineItems } from '@client/components/line-items';

interface Line {
  salida_det_id?: number;
  insumo_codigo: string;
  cantidad: number;
}

const saved: Line[] = [
  { salida_det_id: 10, insumo_codigo: 'A01', cantidad: 2 },
  { salida_det_id: 11, insumo_codigo: 'F01', cantidad: 1 },
];

describe('useLineItems', () => {
  it('moves removed saved lines to the trash, not new ones', () => {
    const { result } = renderHook(() => useLineItems<Line>(saved, (l) => l.salida_det_id));
    act(() => result.current.add({ insumo_codigo: 'B07', cantidad: 4 }));
    expect(result.current.lines).toHaveLength(3);
    act(() => result.current.remove(2));
    expect(result.current.trash).toEqual([]);
    act(() => result.current.remove(0));
    expect(result.current.lines.map((l) => l.insumo_codigo)).toEqual(['F01']);
    expect(result.current.trash).toEqual([saved[0]]);
    expect(result.current.dirty).toBe(true);
  });

  it('updates in place keeping keys, and reset empties the trash', () => {
    const { result } = renderHook(() => useLineItems<Line>([], (l) => l.salida_det_id));
    act(() => result.current.reset(saved));
    const keys = result.current.keys;
    expect(result.current.dirty).toBe(false);
    act(() => result.current.update(1, (old) => ({ ...old, cantidad: 9 })));
    expect(result.current.lines[1].cantidad).toBe(9);
    expect(result.current.keys).toEqual(keys);
    act(() => result.current.remove(1));
    expect(result.current.trash).toHaveLength(1);
    act(() => result.current.reset([]));
    expect(result.current.trash).toEqual([]);
    expect(result.current.lines).toEqual([]);
  });

  it('gives new lines distinct keys', () => {
    const { result } = renderHook(() => useLineItems<Line>([], (l) => l.salida_det_id));
    act(() => {
      result.current.add({ insumo_codigo: 'X', cantidad: 1 });
      result.current.add({ insumo_codigo: 'X', cantidad: 1 });
    });
    expect(new Set(result.current.keys).size).toBe(2);
  });
});
