// Machinery test data: a session with given role codes, machines and parts shaped like the contract's rows.
import type { MaquinariaInsumo, MaquinariaRow } from '@shared/contract/maquinarias';
import { limaDate } from '@shared/domain/dates';
import { forecastDate, wearLevel, wearPercent } from '@shared/domain/wear';

const b64url = (s: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(s)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned token (the client only decodes it) for user 1 holding `roles`, the server's date `date`. */
export function tokenWithRoles(roles: number[], date = limaDate()): string {
  const payload = {
    user: { id: 1, fullName: 'Jefe de Mantenimiento', matchPassword: false },
    area: { id: 1, name: 'MANTENIMIENTO' },
    roles,
    date,
    exp: Math.floor(Date.now() / 1000) + 3600,
    jti: 'maq',
  };
  return `${b64url('{"alg":"HS256"}')}.${b64url(JSON.stringify(payload))}.${b64url('sig')}`;
}

export const TODAY = limaDate();

/** A part with its band, percentage and forecast computed by the shared wear rules, as the server answers. */
export function part(
  insumo_maq_id: number,
  insumo_name: string,
  contador: number,
  hours = { hour_warning: 250, hour_critical: 400, horas_limite: 500 },
  uso_diario = 8,
): MaquinariaInsumo {
  return {
    insumo_maq_id,
    maquinaria_id: 1,
    insumo_id: 100 + insumo_maq_id,
    insumo_codigo: `INS-${insumo_maq_id}`,
    insumo_name,
    horas_alerta: { hour_warning: hours.hour_warning, hour_critical: hours.hour_critical },
    horas_limite: hours.horas_limite,
    contador,
    nivel: wearLevel(contador, hours.hour_warning, hours.hour_critical),
    porcentaje: wearPercent(contador, hours.horas_limite),
    fecha_limite: forecastDate(contador, hours.horas_limite, uso_diario, TODAY),
    last_date_mantenimiento: null,
    fecha_asignacion: '2026-01-10',
    create_insumo_maq: '2026-01-10T15:00:00.000Z',
    horometro: true,
    uso_diario,
  };
}

export function machine(id: number, placa: string, insumos: MaquinariaInsumo[] = [], over: Partial<MaquinariaRow> = {}): MaquinariaRow {
  return {
    id,
    descripcion: 'CARGADOR FRONTAL',
    marca: 'CATERPILLAR',
    modelo: '950H',
    placa,
    estado: 0,
    año_fabrica: 2015,
    horometro: true,
    horometro_inicial: 1000,
    horometro_actual: 1340.5,
    uso_diario: 8,
    veh_id: null,
    insumos: insumos.map((p) => ({ ...p, maquinaria_id: id })),
    ...over,
  };
}
