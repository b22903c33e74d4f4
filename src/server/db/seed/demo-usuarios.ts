// Demo users besides admin, each with the role codes of their job and the default password (so the
// first login asks them to change it).
import { eq } from 'drizzle-orm';
import { MENU, ROLE } from '@shared/auth/permissions';
import type { Db } from '../client';
import { areas, usuarios } from '../schema/index';
import { hashPassword } from '../../lib/passwords';

export const DEMO_USERS = [
  {
    username: 'almacenero',
    fullName: 'Carmen Rosa Huaman Quispe',
    email: 'almacen@muni.gob.pe',
    area: 'Almacén Central',
    roles: [
      // 'Insumos y materiales' (the stock list) is an entry of Reportes: the group id shows it in the side menu.
      MENU.reportes,
      MENU.reporteInsumos,
      MENU.almacen,
      MENU.ingresos,
      MENU.pedidos,
      MENU.salidas,
      MENU.movimientos,
      // The clerk counts the warehouse and sees the closed months; approving a count and closing are the chief's.
      MENU.inventarios,
      ROLE.inventarioNuevo,
      MENU.cierres,
      ROLE.ingresoNuevo,
      ROLE.ingresoVer,
      ROLE.ingresoEliminar,
      ROLE.pedidoNuevo,
      ROLE.pedidoEditar,
      ROLE.pedidoEliminar,
      ROLE.salidaNuevo,
      ROLE.salidaEditar,
      ROLE.salidaEliminar,
    ],
  },
  {
    username: 'supervisor',
    fullName: 'Ing. Luis Alberto Rojas Campos',
    email: 'supervision@muni.gob.pe',
    area: 'Mantenimiento',
    // The field supervisor's job: failures, daily reports (inside Registrar valorizaciones), operators,
    // preventive maintenance and repairs; each entry with the id of its menu group.
    roles: [
      MENU.administrativo,
      MENU.operadores,
      ROLE.operadorNuevo,
      ROLE.operadorEditar,
      MENU.valorizaciones,
      MENU.registrarValorizaciones,
      ROLE.parteDiarioNuevo,
      ROLE.parteDiarioEditar,
      ROLE.parteDiarioEliminar,
      MENU.mantenimientos,
      MENU.fallas,
      ROLE.fallaNuevo,
      ROLE.fallaEditar,
      ROLE.fallaEliminar,
      MENU.mantenimientoPreventivo,
      ROLE.maquinariaDesgasteMantenimiento,
      ROLE.maquinariaCambiarInsumos,
      MENU.reparaciones,
      ROLE.reparacionNuevo,
      ROLE.reparacionEditar,
      MENU.ordenesTrabajo,
      ROLE.ordenNueva,
      ROLE.ordenEjecutar,
    ],
  },
  {
    username: 'consulta',
    fullName: 'Usuario de Consulta',
    email: 'consulta@muni.gob.pe',
    area: 'Equipo Mecánico',
    // Every screen, no button: menus only.
    roles: Object.values(MENU).filter((m) => m !== MENU.configuracion && m !== MENU.usuarios && m !== MENU.parametros),
  },
];

/** Creates the demo users; `passwordHash` is the default password's hash (admin's, when not given). */
export async function seedDemoUsers(db: Db, defaultPassword?: string): Promise<Record<string, number>> {
  let passwordHash: string;
  if (defaultPassword) passwordHash = await hashPassword(defaultPassword);
  else {
    const [admin] = await db.select({ hash: usuarios.passwordHash }).from(usuarios).where(eq(usuarios.username, 'admin'));
    passwordHash = admin.hash;
  }
  const areaRows = await db.select().from(areas);
  const areaId = (name: string) => areaRows.find((a) => a.nombre === name)?.id ?? areaRows[0]?.id ?? null;
  const rows = await db
    .insert(usuarios)
    .values(
      DEMO_USERS.map((u) => ({
        username: u.username,
        fullName: u.fullName,
        email: u.email,
        passwordHash,
        defaultPassword: 1,
        estado: 1,
        areaId: areaId(u.area),
        roles: [...new Set(u.roles)].sort((a, b) => a - b),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: usuarios.id, username: usuarios.username });
  const all = await db.select({ id: usuarios.id, username: usuarios.username }).from(usuarios);
  return Object.fromEntries([...rows, ...all].map((u) => [u.username, u.id]));
}
