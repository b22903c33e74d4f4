// The bell's recent items: the maintenance alerts the user's codes allow (overdue and due-soon plan tasks, orders
// waiting for parts, readings refused from the field, machines stopped for more than N days: alertas.ts), first, then
// pending failures, parts in the warning/danger bands and parts whose forecast reaches their limit within
// FORECAST_SOON_DAYS (the same figures as the wear view), newest first.
import type { NotificationItem } from '@shared/contract/notificaciones';
import { LABELS } from '@shared/messages';
import type { Db } from '../../db/client';
import { limaDate } from '@shared/domain/dates';
import { reachesLimitSoon } from '@shared/domain/wear';
import { insumoCounters } from '../../lib/wear';
import { pendingFallas } from '../fallas/repository';
import { ALERTA_CODES, allowed, diasDetenida, lecturasRechazadas, maquinasDetenidas, ordenesEnEspera, tareasAlerta } from './alertas';

const MAX_ITEMS = 20;
/** Maintenance alerts of each kind in the bell at most (Inicio counts them all). */
const MAX_ALERTS = 5;
const MAX_FAILURES = 10;
const fmt = (n: number) => n.toFixed(2);

/** The maintenance alerts of the kinds the user's codes allow, most urgent first. */
async function maintenanceAlerts(db: Db, roles: readonly number[], today: string): Promise<NotificationItem[]> {
  const items: NotificationItem[] = [];
  if (allowed(roles, ALERTA_CODES.tareas)) {
    const { vencidas, proximas } = await tareasAlerta(db, today);
    for (const t of vencidas.slice(0, MAX_ALERTS)) {
      const item = { tipo: 'TAREA', abrev: 'PM', fecha: t.proximo_fecha ?? t.pronostico ?? today, band: 'danger' } as const;
      items.push({ ...item, descripcion: LABELS.notifTaskOverdue(t.placa, `${t.plan}: ${t.nombre}`), maquinaria_id: t.maquinaria_id });
    }
    for (const t of proximas.slice(0, MAX_ALERTS)) {
      const item = { tipo: 'TAREA', abrev: 'PM', fecha: t.pronostico ?? today, band: 'warning' } as const;
      items.push({
        ...item,
        descripcion: LABELS.notifTaskSoon(t.placa, `${t.plan}: ${t.nombre}`, t.pronostico),
        maquinaria_id: t.maquinaria_id,
      });
    }
  }
  if (allowed(roles, ALERTA_CODES.ordenes)) {
    for (const o of await ordenesEnEspera(db, MAX_ALERTS)) {
      const orden = LABELS.hojadevida.order(o.anio, o.numero);
      items.push({
        tipo: 'ORDEN',
        abrev: 'OT',
        fecha: o.fecha,
        descripcion: LABELS.notifOrderWaiting(orden, o.placa, o.descripcion),
        maquinaria_id: o.maquinaria_id,
      });
    }
  }
  if (allowed(roles, ALERTA_CODES.lecturas)) {
    for (const l of await lecturasRechazadas(db, MAX_ALERTS)) {
      const fecha = limaDate(new Date(l.created_at));
      items.push({
        tipo: 'LECTURA',
        abrev: 'LR',
        fecha,
        descripcion: LABELS.notifReadingRefused(l.placa, l.nro_parte_interno, l.mensaje),
        band: 'warning',
        maquinaria_id: l.maquinaria_id,
      });
    }
  }
  if (allowed(roles, ALERTA_CODES.detenidas)) {
    for (const m of await maquinasDetenidas(db, await diasDetenida(db), MAX_ALERTS)) {
      const estado = LABELS.machineState[m.estado] ?? String(m.estado);
      const fecha = limaDate(new Date(m.desde));
      items.push({
        tipo: 'DETENIDA',
        abrev: 'MD',
        fecha,
        descripcion: LABELS.notifMachineStopped(m.placa, estado, m.dias),
        band: 'danger',
        maquinaria_id: m.maquinaria_id,
      });
    }
  }
  return items;
}

export async function notifications(db: Db, roles: readonly number[] = []): Promise<{ items: NotificationItem[] }> {
  const alerts = await maintenanceAlerts(db, roles, limaDate());
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
  return { items: [...alerts, ...items.slice(0, MAX_ITEMS)] };
}
