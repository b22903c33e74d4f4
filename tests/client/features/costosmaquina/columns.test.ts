// Cost per machine columns: the totals (in cents, the margin only over the machines with income) and the exports'
// totals row, one cell per column with the hours and ratios left blank.
import { describe, expect, it } from 'vitest';
import { LABELS } from '@shared/messages';
import { costoMaquinaColumns, costoTotales, totalesRow, type CostoTotales } from '@client/features/costosmaquina/columns';
import type { CostoMaquinaRow } from '@client/features/costosmaquina/api';

const row = (extra: Partial<CostoMaquinaRow>): CostoMaquinaRow => ({
  maquinaria_id: 1,
  placa: 'EGL-123',
  descripcion: 'RETROEXCAVADORA',
  horometro: true,
  horas: 10,
  repuestos: 0.1,
  reparaciones: 0,
  mano_obra: 0,
  combustible_importe: 0,
  combustible_litros: 0,
  costo_total: 0.1,
  costo_hora: 0.01,
  litros_hora: 0,
  ingresos: 0,
  margen: null,
  ...extra,
});

describe('cost per machine totals', () => {
  it('adds in cents and the margin over the machines with income only', () => {
    const t: CostoTotales = costoTotales([
      row({ repuestos: 0.1, costo_total: 0.1 }),
      row({ maquinaria_id: 2, repuestos: 0.2, mano_obra: 137.5, costo_total: 137.7, ingresos: 500, margen: 362.3 }),
    ]);
    expect(t).toMatchObject({ repuestos: 0.3, mano_obra: 137.5, costo_total: 137.8, ingresos: 500, margen: 362.3 });
    expect(costoTotales([row({})]).margen).toBeNull();
  });

  it('prints one totals cell per column, blank under hours and ratios', () => {
    const cells = totalesRow(costoTotales([row({ combustible_litros: 37.85, combustible_importe: 150, costo_total: 150.1 })]));
    expect(cells).toHaveLength(costoMaquinaColumns.length);
    expect(cells[0]).toBe(LABELS.costosmaquina.totals);
    expect(cells[2]).toBeNull();
    expect(cells[7]).toBe(37.85);
    expect(cells[8]).toBe(150.1);
    expect(cells[9]).toBeNull();
  });
});
