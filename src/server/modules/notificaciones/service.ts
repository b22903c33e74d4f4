// The bell's recent items: pending failures, parts in the warning/danger bands and parts whose forecast reaches
// their limit within FORECAST_SOON_DAYS (the same figures as the wear view).
import type { NotificationItem } from '@shared/contract/notificaciones';
import { LABELS } from '@shared/messages';
import type { Db } from '../../db/client';
import { limaDate } from '@shared/domain/dates';
import { reachesLimitSoon } from '@shared/domain/wear';
import { insumoCounters } from '../../lib/wear';
import { pendingFallas } from '../fallas/repository';

const MAX_ITEMS = 20;
const MAX_FAILURES = 10;
const fmt = (n: number) => n.toFixed(2);

export async function notifications(db: Db): Promise<{ items: NotificationItem[] }> {
  const pending = await pendingFallas(db, MAX_FAILURES);
  const items: NotificationItem[] = pending.map((f) => ({
    tipo: 'FALLA',
    abrev: 'FA',
    fecha: f.fecha,
    descripcion: LABELS.notifFailure(f.placa, f.descripcion),
  }));
  const today = limaDate();
  for (const part of await insumoCounters(db, { today })) {
    const soon = reachesLimitSoon(part.fecha_limite, today);
    if (part.nivel === 'info' && !soon) continue;
    const text = LABELS.notifPart(
      part.placa,
      part.insumo_name,
      fmt(part.contador),
      fmt(part.horas_limite),
      part.nivel === 'info' ? null : part.nivel,
    );
    items.push({
      tipo: 'INSUMO',
      abrev: 'IN',
      fecha: part.ultima_fecha ?? today,
      // A part already past its limit says so; only a coming limit has a date.
      descripcion:
        part.contador >= part.horas_limite
          ? `${text}${LABELS.notifPartReached}`
          : soon && part.fecha_limite
            ? `${text}${LABELS.notifPartForecast(part.fecha_limite)}`
            : text,
      ...(part.nivel === 'info' ? {} : { band: part.nivel }),
      maquinaria_id: part.maquinaria_id,
      fecha_limite: part.fecha_limite,
    });
  }
  // Newest first (Array.sort is stable, so failures keep their order within a day).
  items.sort((a, b) => (a.fecha < b.fecha ? 1 : a.fecha > b.fecha ? -1 : 0));
  return { items: items.slice(0, MAX_ITEMS) };
}
