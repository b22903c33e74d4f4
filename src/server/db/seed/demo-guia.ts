// What a first visit can try with the demo data, printed by the server at start (README, "Puesta en marcha"): the demo
// users and what each one does, and the purchase orders of the mirror not entered yet (Almacén → Ingresos → Buscar).
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { rowsOf } from '../../lib/sql';

const USERS = [
  'admin: todo el sistema (usuarios, permisos, operaciones)',
  'almacenero: ingresos, salidas, pedidos, kardex y stock',
  'supervisor: fallas, partes diarios, operadores, mantenimiento y reparaciones',
  'consulta: solo lectura de listas y reportes',
];

/** The demo guide's lines, or none when the database holds no demo data (no demo user). */
export async function demoGuide(db: Db): Promise<string[]> {
  const [demo] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from usuarios where username = 'almacenero'`);
  if (!demo || demo.n === 0) return [];
  const free = await rowsOf<{ orden: string }>(
    db,
    sql`select o.anio || '-' || o.nro_ordencompra as orden from ext_ordenes_compra o
        where not exists (select 1 from ingresos i where i.orden_id = o.orden_id)
        order by o.anio desc, o.nro_ordencompra limit 6`,
  );
  return [
    'Usuarios de demostración (misma contraseña):',
    ...USERS.map((u) => `  ${u}`),
    ...(free.length ? [`Órdenes de compra de demostración sin ingresar (Almacén → Ingresos): ${free.map((f) => f.orden).join(', ')}`] : []),
  ];
}
