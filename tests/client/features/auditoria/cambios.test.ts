// The audit log's detail shows only what changed, in Lima time and readable values.
import { describe, expect, it } from 'vitest';
import { cambiosDe, valorLegible } from '@client/features/auditoria/cambios';

describe('cambiosDe', () => {
  it('lists only the fields an update changed', () => {
    const before = { placa: 'EGA-101', estado: 0, marca: 'CAT', anio_fabrica: 2015 };
    const after = { placa: 'EGA-101', estado: 2, marca: 'CATERPILLAR', anio_fabrica: 2015 };
    expect(cambiosDe(before, after)).toEqual([
      { campo: 'estado', antes: '0', despues: '2' },
      { campo: 'marca', antes: 'CAT', despues: 'CATERPILLAR' },
    ]);
  });

  it('lists every field of a creation or a deletion, with a dash on the missing side', () => {
    expect(cambiosDe(null, { nombre: 'Filtro', activo: true })).toEqual([
      { campo: 'nombre', antes: '—', despues: 'Filtro' },
      { campo: 'activo', antes: '—', despues: 'Sí' },
    ]);
    expect(cambiosDe({ nombre: 'Filtro' }, null)).toEqual([{ campo: 'nombre', antes: 'Filtro', despues: '—' }]);
    expect(cambiosDe(null, null)).toEqual([]);
  });

  it('shows instants in Lima time and nested values as JSON', () => {
    // 15:30 UTC is 10:30 in Lima (UTC−5, no daylight saving).
    expect(valorLegible('2026-11-20T15:30:00.000Z')).toMatch(/^2026-11-20 10:30/);
    expect(valorLegible('2026-11-20')).toBe('2026-11-20');
    expect(valorLegible([{ insumo_id: 3, cantidad: 2 }])).toBe('[{"insumo_id":3,"cantidad":2}]');
    expect(valorLegible(null)).toBe('—');
  });
});
