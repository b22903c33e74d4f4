// Demo work orders: one from a pending failure assigned to the supervisor (ABIERTA), one by hand in progress with
// its checklist half done, and one closed with its labour; no parts, so the warehouse demo stays as it is.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { fallas, ordenesTrabajo, ordenesTrabajoAsignados, ordenesTrabajoChecklist, ordenesTrabajoManoObra } from '../schema/index';
import type { Clock } from './demo-util';

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export async function seedOrdenes(db: Db, c: Clock, maquinariaIds: Map<string, number>, supervisor: number): Promise<number> {
  const [pending] = await db
    .select({ falla_id: fallas.falla_id, maquinaria_id: fallas.maquinaria_id, descripcion: fallas.descripcion })
    .from(fallas)
    .where(and(eq(fallas.estado, 0)))
    .orderBy(fallas.falla_id)
    .limit(1);
  const firstMachine = [...maquinariaIds.values()][0];
  const anio = c.year(c.today);
  const rows = await db
    .insert(ordenesTrabajo)
    .values([
      {
        uid: uid(1),
        anio,
        numero: 1,
        maquinaria_id: firstMachine,
        origen: 'MANUAL',
        tipo: 'PREVENTIVA',
        prioridad: 'MEDIA',
        estado: 'CERRADA',
        descripcion: 'Engrase general y revisión de niveles',
        fecha_programada: c.daysAgo(6),
        inicio: c.at(6, 30),
        fin: c.at(6, 210),
        horometro_cierre: 1250,
        user_id: supervisor,
        created_at: c.at(8),
      },
      {
        uid: uid(2),
        anio,
        numero: 2,
        maquinaria_id: pending?.maquinaria_id ?? firstMachine,
        origen: pending ? 'FALLA' : 'MANUAL',
        tipo: 'CORRECTIVA',
        prioridad: 'ALTA',
        falla_id: pending?.falla_id ?? null,
        descripcion: pending ? `Reparar: ${pending.descripcion}`.slice(0, 250) : 'Revisión del sistema eléctrico',
        fecha_programada: c.daysAgo(-2),
        user_id: supervisor,
        created_at: c.at(2),
      },
      {
        uid: uid(3),
        anio,
        numero: 3,
        maquinaria_id: firstMachine,
        origen: 'MANUAL',
        tipo: 'CORRECTIVA',
        prioridad: 'MEDIA',
        estado: 'EN CURSO',
        descripcion: 'Cambio de luces de trabajo',
        fecha_programada: c.today,
        inicio: c.at(0, 60),
        user_id: supervisor,
        created_at: c.at(1),
      },
    ])
    .returning({ ot_id: ordenesTrabajo.ot_id, numero: ordenesTrabajo.numero });
  const id = (n: number) => rows.find((r) => r.numero === n)?.ot_id as number;
  await db.insert(ordenesTrabajoAsignados).values(rows.map((r) => ({ ot_id: r.ot_id, usuario_id: supervisor })));
  await db.insert(ordenesTrabajoChecklist).values([
    { ot_id: id(1), orden: 1, descripcion: 'Engrase de pasadores', resultado: 'OK' },
    { ot_id: id(1), orden: 2, descripcion: 'Nivel de aceite de motor', resultado: 'OK' },
    { ot_id: id(2), orden: 1, descripcion: 'Diagnóstico de la falla' },
    { ot_id: id(2), orden: 2, descripcion: 'Prueba en vacío' },
    { ot_id: id(3), orden: 1, descripcion: 'Faros delanteros', resultado: 'OK' },
    { ot_id: id(3), orden: 2, descripcion: 'Faros posteriores' },
  ]);
  await db
    .insert(ordenesTrabajoManoObra)
    .values({ ot_id: id(1), usuario_id: supervisor, nombre: 'Ing. Luis Alberto Rojas Campos', fecha: c.daysAgo(6), horas: 3 });
  return rows.length;
}
