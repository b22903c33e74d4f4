// A machine's record (docs/architecture.md, "Hoja de vida"): the machine with its parts' wear, its meter over time,
// its plan's tasks with their due state, its open work orders, its downtime in the range and the timeline. Six
// set-based queries, run together.
import type { HojaDeVidaAnswer, HojaDeVidaQuery } from '@shared/contract/hojadevida';
import { limaDate } from '@shared/domain/dates';
import { rangoHojaDeVida } from '@shared/domain/hojadevida';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { disponibilidadOf } from '../maquinarias/disponibilidad';
import { maquinariasOf } from '../maquinarias/repository';
import { eventosOf, lecturasOf, ordenesAbiertasOf } from './repository';
import { tareasConEstado } from './tareas';

/** Tasks overdue first, then due soon, then up to date (stable: by due date within each). */
const ORDEN_ESTADO = { vencida: 0, proxima: 1, al_dia: 2 } as const;

export async function hojaDeVida(db: Db, maquinariaId: number, q: HojaDeVidaQuery): Promise<HojaDeVidaAnswer> {
  const today = limaDate();
  const { fini, ffin } = rangoHojaDeVida(q, today);
  const [[maquinaria], lecturas, tareas, ordenes, disponibilidad, timeline] = await Promise.all([
    maquinariasOf(db, [maquinariaId]),
    lecturasOf(db, maquinariaId, fini, ffin),
    tareasConEstado(db, today, maquinariaId),
    ordenesAbiertasOf(db, maquinariaId),
    disponibilidadOf(db, maquinariaId, fini, ffin),
    eventosOf(db, maquinariaId, fini, ffin, q.tipos),
  ]);
  if (!maquinaria) throw notFound(MSG.machineNotFound);
  return {
    maquinaria,
    fini,
    ffin,
    disponibilidad,
    lecturas,
    tareas: tareas
      .sort((a, b) => ORDEN_ESTADO[a.estado] - ORDEN_ESTADO[b.estado])
      .map(({ maquinaria_id: _m, placa: _p, horometro: _h, medidor: _md, uso_diario: _u, ...t }) => t),
    ordenes,
    eventos: timeline.eventos,
    eventos_truncados: timeline.truncados,
  };
}
