// The wear rules the client's bars and the server's SQL share: bands at their boundaries, bar width,
// which reports count for a part, the forecast and the offline projection.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  barWidth,
  countsForInsumo,
  dailyUsage,
  forecastDate,
  projectInsumo,
  reachesLimitSoon,
  usageWindowStart,
  wearLevel,
  wearPercent,
  type InsumoWear,
} from '../../../src/shared/domain/wear';

describe('wear bands and bars', () => {
  it('info below warning, warning from warning to below critical, danger from critical', () => {
    expect(wearLevel(0, 50, 80)).toBe('info');
    expect(wearLevel(49.99, 50, 80)).toBe('info');
    expect(wearLevel(50, 50, 80)).toBe('warning');
    expect(wearLevel(79.99, 50, 80)).toBe('warning');
    expect(wearLevel(80, 50, 80)).toBe('danger');
    expect(wearLevel(500, 50, 80)).toBe('danger');
    // warning = critical: nothing between, straight to danger
    expect(wearLevel(50, 50, 50)).toBe('danger');
  });

  it('bar width is counter / limit, clamped to 0..100; the percentage is not clamped', () => {
    expect(barWidth(25, 100)).toBe(25);
    expect(barWidth(1, 3)).toBe(33.33);
    expect(barWidth(150, 100)).toBe(100);
    expect(wearPercent(150, 100)).toBe(150);
    expect(barWidth(0, 0)).toBe(0);
    expect(barWidth(5, 0)).toBe(100);
  });
});

describe('which reports count', () => {
  it('never changed: from the day of the assignment; changed: strictly after the change', () => {
    const fresh = { last_date_mantenimiento: null, fecha_asignacion: '2025-03-10' };
    expect(countsForInsumo(fresh, '2025-03-09')).toBe(false);
    expect(countsForInsumo(fresh, '2025-03-10')).toBe(true);
    const changed = { last_date_mantenimiento: '2025-03-20', fecha_asignacion: '2025-03-10' };
    expect(countsForInsumo(changed, '2025-03-20')).toBe(false);
    expect(countsForInsumo(changed, '2025-03-21')).toBe(true);
  });
});

describe('forecast', () => {
  it('today + remaining / daily use, rounded up; today once reached; none without use', () => {
    expect(dailyUsage(60)).toBe(2);
    expect(forecastDate(60, 100, 2, '2025-01-31')).toBe('2025-02-20');
    expect(forecastDate(61, 100, 2, '2025-01-31')).toBe('2025-02-20'); // 19.5 days → 20
    expect(forecastDate(100, 100, 2, '2025-01-31')).toBe('2025-01-31');
    expect(forecastDate(120, 100, 0, '2025-01-31')).toBe('2025-01-31');
    expect(forecastDate(10, 100, 0, '2025-01-31')).toBeNull();
    expect(forecastDate(0, 1_000_000, 0.0001, '2025-01-31')).toBeNull(); // beyond 100 years
    expect(dailyUsage(40)).toBe(1.3333);
    expect(forecastDate(0, 40, 1.3333, '2025-01-01')).toBe(addDays('2025-01-01', 31)); // 30.0008 → 31
  });

  it('window of 30 days ending today; soon = within 7 days', () => {
    expect(usageWindowStart('2025-03-30')).toBe('2025-03-01');
    expect(reachesLimitSoon('2025-03-09', '2025-03-01')).toBe(false);
    expect(reachesLimitSoon('2025-03-08', '2025-03-01')).toBe(true);
    expect(reachesLimitSoon('2025-03-08', '2025-03-02')).toBe(true);
    expect(reachesLimitSoon(null, '2025-03-01')).toBe(false);
  });
});

describe('offline projection', () => {
  const part: InsumoWear = {
    horas_alerta: { hour_warning: 50, hour_critical: 80 },
    horas_limite: 100,
    contador: 45,
    nivel: 'info',
    porcentaje: 45,
    fecha_limite: null,
    uso_diario: 0,
    last_date_mantenimiento: '2025-03-01',
    fecha_asignacion: '2025-01-01',
  };

  it('adds pending meter lines of the machine unit that count, and moves band and forecast', () => {
    const p = projectInsumo(
      part,
      true,
      [
        { fecha: '2025-03-10', unidad: 'HORA', cantid: 6 },
        { fecha: '2025-03-10', unidad: 'DIA', cantid: 1 },
        { fecha: '2025-03-01', unidad: 'HORA', cantid: 100 }, // the change day: not this part
      ],
      '2025-03-10',
    );
    expect(p.contador).toBe(51);
    expect(p.nivel).toBe('warning');
    expect(p.porcentaje).toBe(51);
    expect(p.uso_diario).toBe(3.5333); // (6 + 100) / 30
    expect(p.fecha_limite).toBe(addDays('2025-03-10', 14)); // 49 / 3.5333 = 13.87
  });

  it('an odometer counts KM lines; nothing pending leaves the part as it is', () => {
    expect(projectInsumo(part, false, [{ fecha: '2025-03-10', unidad: 'HORA', cantid: 6 }], '2025-03-10')).toBe(part);
    expect(projectInsumo(part, false, [{ fecha: '2025-03-10', unidad: 'KM', cantid: 6 }], '2025-03-10').contador).toBe(51);
  });
});
