import { describe, expect, it } from 'vitest';
import {
  aTiempo,
  estadoTarea,
  primerVencimiento,
  pronosticoTarea,
  siguienteVencimiento,
  type TareaProgramada,
} from '@shared/domain/planes';

/** Every 250 h or every 90 days, whichever comes first; due soon 25 h or 10 days before. */
const tarea = (over: Partial<TareaProgramada> = {}): TareaProgramada => ({
  cada_medidor: 250,
  cada_dias: 90,
  margen_medidor: 25,
  margen_dias: 10,
  programacion: 'FIJA',
  ...primerVencimiento({ cada_medidor: 250, cada_dias: 90 }, { fecha: '2026-01-01', medidor: 1000 }),
  ...over,
});

describe('preventive tasks: due by meter and/or date, whichever first', () => {
  it('the first due is counted from the plan’s start', () => {
    expect(primerVencimiento({ cada_medidor: 250, cada_dias: 90 }, { fecha: '2026-01-01', medidor: 1000 })).toEqual({
      proximo_medidor: 1250,
      proximo_fecha: '2026-04-01',
    });
    expect(primerVencimiento({ cada_medidor: null, cada_dias: 30 }, { fecha: '2026-01-31', medidor: 5 })).toEqual({
      proximo_medidor: null,
      proximo_fecha: '2026-03-02',
    });
  });

  it('is overdue when either trigger is reached, due soon within either margin, else up to date', () => {
    const t = tarea();
    expect(estadoTarea(t, 1100, '2026-02-01')).toBe('al_dia');
    expect(estadoTarea(t, 1225, '2026-02-01')).toBe('proxima'); // 25 h before 1250
    expect(estadoTarea(t, 1100, '2026-03-22')).toBe('proxima'); // 10 days before 2026-04-01
    expect(estadoTarea(t, 1250, '2026-02-01')).toBe('vencida'); // the meter came first
    expect(estadoTarea(t, 1100, '2026-04-01')).toBe('vencida'); // the calendar came first
    expect(estadoTarea(tarea({ cada_dias: null, proximo_fecha: null }), 1100, '2030-01-01')).toBe('al_dia');
  });

  it('forecasts the due from the average daily use, or the due date when that comes first; none without use', () => {
    const t = tarea();
    expect(pronosticoTarea(t, 1150, 10, '2026-02-01')).toBe('2026-02-11'); // 100 h at 10 h/day
    expect(pronosticoTarea(t, 1150, 0.5, '2026-02-01')).toBe('2026-04-01'); // 200 days by meter: the date first
    expect(pronosticoTarea(tarea({ cada_dias: null, proximo_fecha: null }), 1150, 0, '2026-02-01')).toBeNull();
    expect(pronosticoTarea(t, 1300, 0, '2026-02-01')).toBe('2026-02-01'); // already past its meter
  });

  it('fixed: the next due counts from when it was due, skipping whole intervals already passed', () => {
    const t = tarea(); // due 1250 h / 2026-04-01
    expect(siguienteVencimiento(t, { fecha: '2026-03-20', medidor: 1240 })).toEqual({ proximo_medidor: 1500, proximo_fecha: '2026-06-30' });
    // Done very late: 1,540 h and 2026-07-15 → next 1,750 h and 2026-09-28 (never due at once again).
    expect(siguienteVencimiento(t, { fecha: '2026-07-15', medidor: 1540 })).toEqual({ proximo_medidor: 1750, proximo_fecha: '2026-09-28' });
  });

  it('fixed: whole intervals are counted at once, even millions of them, and a reading on a due is past it', () => {
    const t = tarea({ cada_medidor: 0.01, proximo_medidor: 0, cada_dias: 1, proximo_fecha: '1900-01-01' });
    expect(siguienteVencimiento(t, { fecha: '2026-03-20', medidor: 9_999_999_999 })).toEqual({
      proximo_medidor: 9_999_999_999.01,
      proximo_fecha: '2026-03-21',
    });
    expect(siguienteVencimiento(tarea(), { fecha: '2026-06-30', medidor: 1500 })).toEqual({
      proximo_medidor: 1750,
      proximo_fecha: '2026-09-28',
    });
  });

  it('floating: the next due counts from when it was done', () => {
    const t = tarea({ programacion: 'FLOTANTE' });
    expect(siguienteVencimiento(t, { fecha: '2026-03-20', medidor: 1240 })).toEqual({ proximo_medidor: 1490, proximo_fecha: '2026-06-18' });
  });

  it('on time: done before either trigger was reached', () => {
    const t = tarea();
    expect(aTiempo(t, { fecha: '2026-03-20', medidor: 1240 })).toBe(true);
    expect(aTiempo(t, { fecha: '2026-03-20', medidor: 1260 })).toBe(false);
    expect(aTiempo(t, { fecha: '2026-04-02', medidor: 1200 })).toBe(false);
  });
});
