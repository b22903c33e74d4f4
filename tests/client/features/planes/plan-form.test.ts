// The plan editor's logic: a task as the form keeps it becomes the contract's body (blank numbers none, blank checklist
// items left out) and is judged by the route's schema; its trigger in words; the next due it shows (the server's
// primerVencimiento, or the stored one until its schedule changes); the machines a plan may be copied to; the report's
// situation of each task.
import { describe, expect, it } from 'vitest';
import type { MaquinariaRow } from '@shared/contract/maquinarias';
import { tareaBody, type CumplimientoRow } from '@shared/contract/planes';
import { LABELS, MSG } from '@shared/messages';
import { sameKind } from '@client/features/planes/copiar-dialog';
import { cumplimientoCells, situacion } from '@client/features/planes/cumplimiento-report';
import { emptyTarea, proximoOf, tareaInputOf, triggerText, withScheduleEdit } from '@client/features/planes/plan-form';

const L = LABELS.planes;

describe('plan editor: a task', () => {
  it('becomes the body the route validates: numbers from text, blanks none, empty checklist items dropped', () => {
    const f = { ...emptyTarea('2026-11-28', 1040.5), nombre: 'Aceite', cada_medidor: '250', cada_dias: '', checklist: ['Drenar', '  '] };
    const body = tareaBody.parse(tareaInputOf(f));
    expect(body).toMatchObject({
      nombre: 'Aceite',
      cada_medidor: 250,
      cada_dias: null,
      margen_medidor: 0,
      margen_dias: 0,
      programacion: 'FIJA',
      checklist: ['Drenar'],
      base_fecha: '2026-11-28',
      base_medidor: 1040.5,
    });
  });

  it('without a trigger is refused with the reason the server gives', () => {
    const r = tareaBody.safeParse(tareaInputOf({ ...emptyTarea('2026-11-28', 0), nombre: 'Sin disparador' }));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ message: MSG.planTriggerRequired, path: ['cada_medidor'] });
  });

  it('shows its trigger in words and its next due from the base, or the stored one until its schedule changes', () => {
    expect(triggerText({ cada_medidor: 250, cada_dias: 90 }, true)).toBe(`${L.every} 250 h o 90 días`);
    expect(triggerText({ cada_medidor: 5000, cada_dias: null }, false)).toBe(
      `${L.every} 5000 km`.replace('5000', (5000).toLocaleString('es-PE')),
    );
    expect(triggerText({ cada_medidor: null, cada_dias: 1 }, true)).toBe(`${L.every} 1 día`);
    const fresh = { ...emptyTarea('2026-11-01', 1000), cada_medidor: '250', cada_dias: '30' };
    expect(proximoOf(fresh)).toEqual({ proximo_medidor: 1250, proximo_fecha: '2026-12-01' });
    const stored = { ...fresh, tarea_id: 7, proximo_medidor: 1500, proximo_fecha: '2027-01-01' };
    expect(proximoOf(stored)).toEqual({ proximo_medidor: 1500, proximo_fecha: '2027-01-01' });
    expect(proximoOf(withScheduleEdit(stored, { ...stored, nombre: 'Otro' }))).toEqual({
      proximo_medidor: 1500,
      proximo_fecha: '2027-01-01',
    });
    expect(proximoOf(withScheduleEdit(stored, { ...stored, cada_dias: '60' }))).toEqual({
      proximo_medidor: 1250,
      proximo_fecha: '2026-12-31',
    });
  });
});

describe('copy to machines of the same kind', () => {
  const m = (id: number, descripcion: string, horometro = true) => ({ id, placa: `P-${id}`, descripcion, horometro }) as MaquinariaRow;
  it('offers the other machines with the same description (any case or spacing) and meter type', () => {
    const all = [m(1, 'CARGADOR FRONTAL'), m(2, 'cargador  frontal'), m(3, 'CARGADOR FRONTAL', false), m(4, 'VOLQUETE')];
    expect(sameKind(all[0], all).map((x) => x.id)).toEqual([2]);
  });
});

describe('report of tasks done and missed', () => {
  const row = (tipo: 'HECHA' | 'OMITIDA', a_tiempo: boolean | null): CumplimientoRow => ({
    tipo,
    tarea_id: 1,
    placa: 'EGK-562',
    descripcion: 'CARGADOR',
    horometro: true,
    plan_nombre: 'Plan 250 h',
    tarea_nombre: 'Aceite',
    vence_fecha: '2026-11-01',
    vence_medidor: 1250,
    fecha: tipo === 'HECHA' ? '2026-11-03' : null,
    medidor: tipo === 'HECHA' ? 1262.5 : null,
    a_tiempo,
  });
  it('says on time, late or missed, and prints the meters in the machine unit', () => {
    expect([situacion(row('HECHA', true)), situacion(row('HECHA', false)), situacion(row('OMITIDA', null))]).toEqual([
      L.doneOnTime,
      L.doneLate,
      L.missed,
    ]);
    const [done, missed] = cumplimientoCells([row('HECHA', false), row('OMITIDA', null)]);
    expect(done).toEqual([
      'EGK-562',
      'Plan 250 h',
      'Aceite',
      '2026-11-01',
      `${(1250).toLocaleString('es-PE')} h`,
      L.doneLate,
      '2026-11-03',
      `${(1262.5).toLocaleString('es-PE')} h`,
    ]);
    expect(missed.slice(5)).toEqual([L.missed, null, '']);
  });
});
