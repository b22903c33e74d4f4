// Base data every installation needs: admin user with every permission, areas, units, accounts, settings.
import { sql } from 'drizzle-orm';
import { ALL_CODES } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import type { Db } from '../client';
import { ajustes, areas, cuentas, unimeds, usuarios } from '../schema/index';
import { hashPassword } from '../../lib/passwords';

export const DEFAULT_SETTINGS = {
  officeName: LABELS.defaultOfficeName,
  shortName: LABELS.defaultAreaName,
  cityLabel: LABELS.defaultCity,
};

export const BASE_AREAS = ['Equipo Mecánico', 'Almacén Central', 'Logística', 'Mantenimiento', 'Tesorería'];

export const BASE_UNITS: [string, string][] = [
  ['UND', 'Unidad'],
  ['GLN', 'Galón'],
  ['LT', 'Litro'],
  ['KG', 'Kilogramo'],
  ['M', 'Metro'],
  ['M3', 'Metro cúbico'],
  ['JGO', 'Juego'],
  ['PAR', 'Par'],
  ['CJA', 'Caja'],
  ['BLD', 'Balde'],
  ['CIL', 'Cilindro'],
  ['ROL', 'Rollo'],
];

export async function seedBase(db: Db, defaultPassword: string): Promise<void> {
  await db
    .insert(areas)
    .values(BASE_AREAS.map((nombre) => ({ nombre })))
    .onConflictDoNothing();
  await db
    .insert(unimeds)
    .values(BASE_UNITS.map(([unimed_abrev, unimed_nombre]) => ({ unimed_abrev, unimed_nombre })))
    .onConflictDoNothing();
  await db
    .insert(cuentas)
    .values([
      { nro_cuenta: '00-371-012345', tipo_cuenta: 'detraccion', tasa_impuesto: 10 },
      { nro_cuenta: '0000-281999', tipo_cuenta: 'deposito', tasa_impuesto: 0 },
    ])
    .onConflictDoNothing();
  await db
    .insert(ajustes)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  const [area] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(sql`${areas.nombre} = ${BASE_AREAS[0]}`);
  await db
    .insert(usuarios)
    .values({
      username: 'admin',
      email: 'admin@muni.gob.pe',
      fullName: 'Administrador del Sistema',
      passwordHash: await hashPassword(defaultPassword),
      defaultPassword: 1,
      estado: 1,
      areaId: area.id,
      roles: ALL_CODES,
    })
    .onConflictDoNothing();
}
