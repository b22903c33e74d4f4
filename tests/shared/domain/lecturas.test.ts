import { describe, expect, it } from 'vitest';
import { checkLectura, formatReading, neighbours, type Lectura } from '@shared/domain/lecturas';

const r = (parte_id: number | null, nro: string, fecha: string, ini: number, fin: number): Lectura => ({
  parte_id,
  nro_parte_interno: nro,
  fecha,
  horometro_inicial: ini,
  horometro_final: fin,
});

const HISTORY = [r(1, '1230', '2026-11-18', 4370, 4380), r(2, '1234', '2026-11-20', 4380, 4392.5), r(3, '1240', '2026-11-22', 4450, 4458)];
const HOURS = { horometro: true };

describe('meter readings: plausibility against the machine’s reports by date', () => {
  it('formats readings with a thousands comma and at least one decimal', () => {
    expect(formatReading(4380)).toBe('4,380.0');
    expect(formatReading(4392.5)).toBe('4,392.5');
    expect(formatReading(12.25)).toBe('12.25');
  });

  it('finds the neighbours by date and, on one day, by the initial reading', () => {
    const day = [...HISTORY, r(4, '1235', '2026-11-20', 4392.5, 4396)];
    const { previous, next } = neighbours(r(null, 'N', '2026-11-20', 4396, 4400), day);
    expect(previous?.parte_id).toBe(4);
    expect(next?.parte_id).toBe(3);
  });

  it('accepts a report that slots in by date between its neighbours (a late offline report)', () => {
    expect(checkLectura(r(null, 'N', '2026-11-21', 4392.5, 4401), HISTORY, HOURS)).toBeNull();
  });

  it('refuses an initial reading below the previous report’s final, naming it', () => {
    expect(checkLectura(r(null, 'N', '2026-11-21', 4380, 4390), HISTORY, HOURS)).toEqual({
      field: 'horometro_inicial',
      message: 'El horómetro inicial 4,380.0 es menor que el final del parte N° 1234 del 2026-11-20 (4,392.5)',
    });
  });

  it('refuses a final reading above the next report’s initial, naming it', () => {
    expect(checkLectura(r(null, 'N', '2026-11-21', 4393, 4451), HISTORY, HOURS)).toEqual({
      field: 'horometro_final',
      message: 'El horómetro final 4,451.0 es mayor que el inicial del parte N° 1240 del 2026-11-22 (4,450.0)',
    });
  });

  it('refuses a final below the initial, and more than 24 h in a day counting the day’s other reports', () => {
    expect(checkLectura(r(null, 'N', '2026-11-21', 4400, 4399), HISTORY, HOURS)?.field).toBe('horometro_final');
    const day = [r(5, '1300', '2026-11-24', 5000, 5020)];
    expect(checkLectura(r(null, 'N', '2026-11-24', 5020, 5024), day, HOURS)).toBeNull();
    expect(checkLectura(r(null, 'N', '2026-11-24', 5020, 5025), day, HOURS)?.message).toBe(
      'Los partes suman 25.0 h el 2026-11-24: el horómetro no avanza más de 24.0 h por día',
    );
  });

  it('on an odometer it speaks of kilometres and uses the configured distance per day', () => {
    const km = { horometro: false, kmPorDia: 300 };
    expect(checkLectura(r(null, 'N', '2026-11-24', 1000, 1300), [], km)).toBeNull();
    const refusal = checkLectura(r(null, 'N', '2026-11-24', 1000, 1301), [], km);
    expect(refusal?.message).toBe('Los partes suman 301.0 km el 2026-11-24: el kilometraje no avanza más de 300.0 km por día');
    expect(checkLectura(r(null, 'N', '2026-11-21', 4380, 4390), HISTORY, km)?.message).toMatch(/^El kilometraje inicial/);
  });

  it('an edited report is checked against the others, not against its own stored readings', () => {
    expect(checkLectura(r(2, '1234', '2026-11-20', 4380, 4395), HISTORY, HOURS)).toBeNull();
  });
});
