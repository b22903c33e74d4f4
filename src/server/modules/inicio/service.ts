// The cards of the welcome screen, each only for a user who may open the screen it leads to.
import { count, eq, isNull, sql } from 'drizzle-orm';
import { MENU, PARTES_SCREEN_CODES } from '@shared/auth/permissions';
import { INICIO_MAX_ITEMS, type InicioAnswer, type InicioParte } from '@shared/contract/inicio';
import { limaDate } from '@shared/domain/dates';
import { reachesLimitSoon } from '@shared/domain/wear';
import type { Db } from '../../db/client';
import { fallas, partesDiarios, pedidos } from '../../db/schema/index';
import { insumoCounters } from '../../lib/wear';
import { pendingFallas } from '../fallas/repository';
import {
  ALERTA_CODES,
  alertTotals,
  allowed,
  diasDetenida,
  lecturasRechazadas,
  maquinasDetenidas,
  ordenesEnEspera,
  tareasAlerta,
} from '../notificaciones/alertas';

/** Who sees which card: the menu ids of the screens the cards open. */
export const INICIO_CARD_CODES = {
  insumos: [MENU.maquinarias, MENU.mantenimientoPreventivo, MENU.reporteMaquinaria],
  fallas: [MENU.fallas],
  partes: PARTES_SCREEN_CODES,
  pedidos: [MENU.pedidos],
  ...ALERTA_CODES,
} as const;

const firstItems = <T>(items: T[]) => ({ total: items.length, items: items.slice(0, INICIO_MAX_ITEMS) });

async function insumoCards(db: Db): Promise<NonNullable<InicioAnswer['insumos']>> {
  const today = limaDate();
  const peligro: InicioParte[] = [];
  const proximos: InicioParte[] = [];
  for (const p of await insumoCounters(db, { today })) {
    const part: InicioParte = {
      insumo_maq_id: p.insumo_maq_id,
      maquinaria_id: p.maquinaria_id,
      placa: p.placa,
      descripcion: p.descripcion,
      insumo_name: p.insumo_name,
      contador: p.contador,
      horas_limite: p.horas_limite,
      nivel: p.nivel,
      fecha_limite: p.fecha_limite,
    };
    if (p.nivel === 'danger') peligro.push(part);
    else if (reachesLimitSoon(p.fecha_limite, today)) proximos.push(part);
  }
  // The most worn first; the soonest limit first.
  peligro.sort((a, b) => b.contador / (b.horas_limite || 1) - a.contador / (a.horas_limite || 1));
  proximos.sort((a, b) => (a.fecha_limite ?? '').localeCompare(b.fecha_limite ?? ''));
  return { peligro: firstItems(peligro), proximos: firstItems(proximos) };
}

async function fallaCard(db: Db): Promise<NonNullable<InicioAnswer['fallas']>> {
  const [{ total }] = await db.select({ total: count() }).from(fallas).where(eq(fallas.estado, 0));
  const items = await pendingFallas(db, INICIO_MAX_ITEMS);
  return { total: Number(total), items };
}

async function unbilledCard(db: Db): Promise<NonNullable<InicioAnswer['partes_sin_valorizar']>> {
  const [row] = await db
    .select({ total: count(), monto: sql<string>`coalesce(sum(${partesDiarios.monto}), 0)::text` })
    .from(partesDiarios)
    .where(isNull(partesDiarios.valoriza_id));
  return { total: Number(row.total), monto: Number(row.monto) };
}

async function pedidoCard(db: Db): Promise<NonNullable<InicioAnswer['pedidos_pendientes']>> {
  const [{ total }] = await db.select({ total: count() }).from(pedidos).where(eq(pedidos.estado, 0));
  return { total: Number(total) };
}

/** The maintenance cards (alertas.ts): each null for a user without its codes. */
async function maintenanceCards(db: Db, roles: readonly number[]) {
  const today = limaDate();
  const dias = await diasDetenida(db);
  const totals = await alertTotals(db, dias);
  const [tareas, ordenes, lecturas, detenidas] = await Promise.all([
    allowed(roles, ALERTA_CODES.tareas) ? tareasAlerta(db, today) : null,
    allowed(roles, ALERTA_CODES.ordenes) ? ordenesEnEspera(db, INICIO_MAX_ITEMS) : null,
    allowed(roles, ALERTA_CODES.lecturas) ? lecturasRechazadas(db, INICIO_MAX_ITEMS) : null,
    allowed(roles, ALERTA_CODES.detenidas) ? maquinasDetenidas(db, dias, INICIO_MAX_ITEMS) : null,
  ]);
  return {
    tareas: tareas && { vencidas: firstItems(tareas.vencidas), proximas: firstItems(tareas.proximas) },
    ordenes_espera: ordenes && { total: totals.ordenes, items: ordenes },
    lecturas_rechazadas: lecturas && { total: totals.lecturas, items: lecturas },
    detenidas: detenidas && { dias, total: totals.detenidas, items: detenidas },
  };
}

export async function inicio(db: Db, roles: readonly number[]): Promise<InicioAnswer> {
  const [insumos, fallasCard, partes, pedidosCard, maintenance] = await Promise.all([
    allowed(roles, INICIO_CARD_CODES.insumos) ? insumoCards(db) : null,
    allowed(roles, INICIO_CARD_CODES.fallas) ? fallaCard(db) : null,
    allowed(roles, INICIO_CARD_CODES.partes) ? unbilledCard(db) : null,
    allowed(roles, INICIO_CARD_CODES.pedidos) ? pedidoCard(db) : null,
    maintenanceCards(db, roles),
  ]);
  return { insumos, fallas: fallasCard, partes_sin_valorizar: partes, pedidos_pendientes: pedidosCard, ...maintenance };
}
