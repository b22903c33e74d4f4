// Demo fleet: machines (linked to the vehicle registry), operators (linked to the identity registry),
// part assignments with wear limits, and the part-change history derived from the daily reports.
import type { Db } from '../client';
import { cambiosInsumo, insumosMaquinaria, maquinarias, maquinariasEstados, operadores } from '../schema/index';
import { fromCents, toCents } from '@shared/domain/money';
import { DEMO_SUPPLIES } from './demo-data-almacen';
import { DEMO_MACHINES, KM_LIMITS, PARTS_BY_KIND } from './demo-data-maquinarias';
import { OPERATOR_COUNT } from './demo-data-personas';
import type { Mirror } from './demo-integraciones';
import type { FleetMaquinaria } from './demo-partes';
import type { Clock, Rng } from './demo-util';

export interface Fleet {
  maquinarias: (FleetMaquinaria & { created_at: string })[];
  operadorIds: number[];
}

export async function seedFleet(db: Db, c: Clock, mirror: Mirror): Promise<Fleet> {
  const rows = await db
    .insert(maquinarias)
    .values(
      DEMO_MACHINES.map((m, i) => ({
        descripcion: m.descripcion,
        marca: m.marca,
        modelo: m.modelo,
        horometro: m.horometro,
        placa: m.placa,
        anio_fabrica: m.anio,
        estado: m.estado,
        horometro_inicial: m.horometro_inicial,
        veh_id: mirror.vehIdByPlate.get(m.placa) ?? null,
        created_at: c.at(90 + i * 17, 45),
      })),
    )
    .returning({
      id: maquinarias.id,
      placa: maquinarias.placa,
      horometro: maquinarias.horometro,
      horometro_inicial: maquinarias.horometro_inicial,
      created_at: maquinarias.created_at,
      estado: maquinarias.estado,
    });
  // Each machine's state history starts at its registration (ALTA), in the state it has.
  await db
    .insert(maquinariasEstados)
    .values(rows.map((r) => ({ maquinaria_id: r.id, estado: r.estado, desde: r.created_at, origen: 'ALTA' })));
  const people = mirror.people.slice(0, OPERATOR_COUNT);
  const ops = await db
    .insert(operadores)
    .values(
      people.map((p, i) => ({
        indiv_id: p.indiv_id,
        dni: p.dni,
        nombres: `${p.apPrimer} ${p.apSegundo} ${p.prenombres}`.trim(),
        direccion: p.direccion,
        celular: p.celular,
        email: p.email,
        fecha_nac: p.fecha_nac,
        sexo: p.sexo,
        created_at: c.at(200 + i * 5, 20),
      })),
    )
    .returning({ operador_id: operadores.operador_id, dni: operadores.dni });
  const fleet = DEMO_MACHINES.map((m) => rows.find((r) => r.placa === m.placa) as Fleet['maquinarias'][number]);
  return { maquinarias: fleet, operadorIds: people.map((p) => ops.find((o) => o.dni === p.dni)?.operador_id as number) };
}

/**
 * Assigns the parts of each machine's kind. Each part gets a wear band to end in (info, warning or
 * danger, when the machine's 60 days of reports can reach it); its last change is placed where the
 * reports after it add up to that share of its limit, and earlier changes replay the meter log.
 */
export async function seedMaquinariaInsumos(
  db: Db,
  r: Rng,
  fleet: Fleet,
  meter: Map<number, { fecha: string; qty: number }[]>,
  insumoIds: Map<string, number>,
  userId: number,
): Promise<{ assignments: number; changes: number }> {
  const assignments: (typeof insumosMaquinaria.$inferInsert)[] = [];
  const changes: (Omit<typeof cambiosInsumo.$inferInsert, 'insumo_maq_id'> & { key: string })[] = [];
  fleet.maquinarias.forEach((m, idx) => {
    const spec = DEMO_MACHINES[idx];
    const log = meter.get(m.id) ?? [];
    for (const code of PARTS_BY_KIND[spec.kind]) {
      const limits = (!spec.horometro && KM_LIMITS[code]) || DEMO_SUPPLIES.find((s) => s[0] === code)?.[3];
      const insumo_id = insumoIds.get(code);
      if (!limits || !insumo_id) continue;
      const [warning, critical, limit] = limits;
      const band = r.next();
      const share =
        band < 0.5
          ? r.dec(0.15, 0.7, 2)
          : band < 0.78
            ? r.dec(warning / limit + 0.01, critical / limit - 0.01, 2)
            : r.dec(critical / limit + 0.01, 1.1, 2);
      // Walk back from the newest report until the reports after the change reach the target.
      let after = 0;
      let cut = -1;
      for (let i = log.length - 1; i > 0; i--) {
        after += toCents(log[i].qty);
        if (after >= limit * share * 100) {
          cut = i - 1;
          break;
        }
      }
      let counter = 0;
      let total = 0;
      let last: string | null = null;
      const change = (i: number) => {
        const horometro_pdiario = fromCents(toCents(m.horometro_inicial) + total);
        changes.push({
          key: `${m.id}:${insumo_id}`,
          maquinaria_id: m.id,
          insumo_id,
          fecha: log[i].fecha,
          observacion:
            counter >= critical * 100
              ? 'Cambio por desgaste: superó las horas críticas'
              : counter >= limit * 50
                ? 'Cambio preventivo según programa de mantenimiento'
                : 'Cambio correctivo por daño prematuro',
          horometro_pdiario,
          horometro_vehiculo: fromCents(toCents(horometro_pdiario) + toCents(spec.horometro ? r.dec(0, 2.5, 1) : r.int(0, 40))),
          horas_acumuladas: fromCents(counter),
          user_id: userId,
          created_at: new Date(Date.parse(`${log[i].fecha}T18:10:00-05:00`)).toISOString(),
        });
        counter = 0;
        last = log[i].fecha;
      };
      const replayShare = r.dec(0.85, 1.05, 2);
      for (let i = 0; i <= cut; i++) {
        counter += toCents(log[i].qty);
        total += toCents(log[i].qty);
        if (i === cut || counter >= limit * replayShare * 100) change(i);
      }
      assignments.push({
        maquinaria_id: m.id,
        insumo_id,
        hour_warning: warning,
        hour_critical: critical,
        horas_limite: limit,
        last_date_mantenimiento: last,
        create_insumo_maq: m.created_at,
      });
    }
  });
  const rows = await db.insert(insumosMaquinaria).values(assignments).returning({
    insumo_maq_id: insumosMaquinaria.insumo_maq_id,
    maquinaria_id: insumosMaquinaria.maquinaria_id,
    insumo_id: insumosMaquinaria.insumo_id,
  });
  const idOf = new Map(rows.map((a) => [`${a.maquinaria_id}:${a.insumo_id}`, a.insumo_maq_id]));
  if (changes.length)
    await db.insert(cambiosInsumo).values(changes.map(({ key, ...ch }) => ({ ...ch, insumo_maq_id: idOf.get(key) as number })));
  return { assignments: rows.length, changes: changes.length };
}
