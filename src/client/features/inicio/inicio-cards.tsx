// The cards of the welcome screen: what the logged-in user may act on today. Each card opens its screen filtered
// to its items (components/screen-filter.tsx: the list shows 'Mostrando: …  ✕'); the server leaves out (null) the
// cards of screens the user cannot open, and the device card (opening Sincronización) is always shown.
import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import {
  AlertTriangle,
  CalendarClock,
  ClipboardList,
  CloudUpload,
  FileSpreadsheet,
  Gauge,
  OctagonPause,
  PackageX,
  Wrench,
} from 'lucide-react';
import type { InicioAnswer, InicioParte, InicioTarea } from '@shared/contract/inicio';
import { MENU } from '@shared/auth/permissions';
import { INICIO, LABELS } from '@shared/messages';
import { formatDate, formatMoney } from '@client/lib/format';
import { useSession } from '@client/lib/session';
import { useOfflineInfo, useOutbox } from '@client/offline';
import { OfflineCopyNotice } from '@client/components/list-screen';
import { PlacaLink } from '@client/components/placa-link';
import { filterSearch, type ScreenFilter } from '@client/components/screen-filter';
import { INICIO_KEY, useInicio } from './api';

type Go = (to: string, filtro?: ScreenFilter) => void;

interface CardProps {
  title: string;
  icon: ReactNode;
  count?: number;
  tone?: 'danger' | 'warning' | 'info' | 'ok';
  /** The screen it opens ('Abrir'); none: the items' plates open each machine's record. */
  to?: string;
  /** The filter the screen opens with. */
  filtro?: ScreenFilter;
  go: Go;
  children: ReactNode;
}

const TONE: Record<NonNullable<CardProps['tone']>, string> = {
  danger: 'border-l-red-500',
  warning: 'border-l-amber-400',
  info: 'border-l-brand-500',
  ok: 'border-l-emerald-500',
};

function Card({ title, icon, count, tone = 'info', to, filtro, go, children }: CardProps) {
  return (
    <section className={`flex flex-col rounded-lg border border-l-4 border-border bg-white p-4 shadow-sm ${TONE[tone]}`} aria-label={title}>
      <header className="flex items-start gap-2">
        <span className="mt-0.5 text-slate-500" aria-hidden>
          {icon}
        </span>
        <h2 className="flex-1 text-sm font-semibold break-words text-slate-800">{title}</h2>
        {count !== undefined && <span className="text-2xl leading-none font-bold text-slate-800 tabular-nums">{count}</span>}
      </header>
      <div className="mt-2 flex-1 text-sm text-slate-600">{children}</div>
      {to && (
        <button
          type="button"
          className="mt-3 self-start rounded border px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
          onClick={() => go(to, filtro)}
        >
          {INICIO.open}
        </button>
      )}
    </section>
  );
}

function More({ total, shown }: { total: number; shown: number }) {
  return total > shown ? <li className="text-slate-500">{INICIO.more(total - shown)}</li> : null;
}

function InsumoList({ parts, total, withDate }: { parts: InicioParte[]; total: number; withDate: boolean }) {
  if (!total) return <p>{INICIO.none}</p>;
  return (
    <ul className="space-y-1">
      {parts.map((p) => (
        <li key={p.insumo_maq_id} className="break-words">
          <span className="font-medium text-slate-800">{p.placa}</span>{' '}
          {INICIO.part(p.insumo_name, p.contador.toFixed(2), p.horas_limite.toFixed(2))}
          {withDate && p.fecha_limite && <span className="text-slate-500"> · {INICIO.limitOn(formatDate(p.fecha_limite))}</span>}
        </li>
      ))}
      <More total={total} shown={parts.length} />
    </ul>
  );
}

/** Where the parts cards lead: the preventive-maintenance list when the user has it, else the registry or the report. */
function maquinariasPath(roles: readonly number[]): string {
  if (roles.includes(MENU.mantenimientoPreventivo)) return '/maquinaria/mantenimiento';
  if (roles.includes(MENU.maquinarias)) return '/maquinaria/admin';
  return '/reporte_maquinaria/reporte';
}

function DeviceCard({ go }: { go: Go }) {
  const items = useOutbox();
  const rejected = items.filter((i) => i.status === 'rejected').length;
  const unsent = items.length - rejected;
  return (
    <Card
      title={INICIO.device}
      icon={<CloudUpload className="size-4" />}
      tone={rejected ? 'danger' : unsent ? 'warning' : 'ok'}
      to="/sincronizacion"
      go={go}
    >
      {items.length === 0 ? (
        <p>{INICIO.allSent}</p>
      ) : (
        <ul className="space-y-1">
          {unsent > 0 && <li>{INICIO.unsent(unsent)}</li>}
          {rejected > 0 && <li className="font-medium text-red-700">{INICIO.rejected(rejected)}</li>}
        </ul>
      )}
    </Card>
  );
}

interface AlertItem {
  key: string | number;
  maquinaria_id: number;
  placa: string;
  text: string;
  note?: string | null;
}

/** Items naming a machine: its plate opens the machine's record (hoja de vida). */
function AlertList({ items, total }: { items: AlertItem[]; total: number }) {
  if (!total) return <p>{INICIO.none}</p>;
  return (
    <ul className="space-y-1">
      {items.map((i) => (
        <li key={i.key} className="break-words">
          <PlacaLink id={i.maquinaria_id} placa={i.placa} /> {i.text}
          {i.note && <span className="text-slate-500"> · {i.note}</span>}
        </li>
      ))}
      <More total={total} shown={items.length} />
    </ul>
  );
}

/** The maintenance cards: plan tasks, orders waiting for parts, refused readings, machines stopped for long. */
function MaintenanceCards({ data, roles, go }: { data: InicioAnswer; roles: readonly number[]; go: Go }) {
  const { tareas, ordenes_espera: ordenes, lecturas_rechazadas: lecturas, detenidas } = data;
  const taskItems = (list: InicioTarea[]): AlertItem[] =>
    list.map((t) => ({
      key: t.tarea_id,
      maquinaria_id: t.maquinaria_id,
      placa: t.placa,
      text: `${t.plan}: ${t.nombre}`,
      note: t.pronostico ? INICIO.taskDue(formatDate(t.pronostico)) : null,
    }));
  return (
    <>
      {tareas && (
        <>
          <Card
            title={INICIO.tasksOverdue}
            icon={<AlertTriangle className="size-4" />}
            count={tareas.vencidas.total}
            tone={tareas.vencidas.total ? 'danger' : 'ok'}
            to="/mantenimiento_maquinaria/mantenimiento"
            go={go}
          >
            <AlertList items={taskItems(tareas.vencidas.items)} total={tareas.vencidas.total} />
          </Card>
          <Card
            title={INICIO.tasksSoon}
            icon={<CalendarClock className="size-4" />}
            count={tareas.proximas.total}
            tone={tareas.proximas.total ? 'warning' : 'ok'}
            to="/mantenimiento_maquinaria/mantenimiento"
            go={go}
          >
            <AlertList items={taskItems(tareas.proximas.items)} total={tareas.proximas.total} />
          </Card>
        </>
      )}
      {ordenes && (
        <Card
          title={INICIO.ordersWaiting}
          icon={<PackageX className="size-4" />}
          count={ordenes.total}
          tone={ordenes.total ? 'warning' : 'ok'}
          go={go}
        >
          <AlertList
            items={ordenes.items.map((o) => ({
              key: o.ot_id,
              maquinaria_id: o.maquinaria_id,
              placa: o.placa,
              text: `${LABELS.hojadevida.order(o.anio, o.numero)} ${o.descripcion}`,
              note: formatDate(o.fecha),
            }))}
            total={ordenes.total}
          />
        </Card>
      )}
      {lecturas && (
        <Card
          title={INICIO.readingsRefused}
          icon={<Gauge className="size-4" />}
          count={lecturas.total}
          tone={lecturas.total ? 'warning' : 'ok'}
          to="/partediario"
          go={go}
        >
          <AlertList
            items={lecturas.items.map((l) => ({
              key: l.id,
              maquinaria_id: l.maquinaria_id,
              placa: l.placa,
              text: INICIO.readingRefused(l.nro_parte_interno, l.mensaje),
            }))}
            total={lecturas.total}
          />
        </Card>
      )}
      {detenidas && (
        <Card
          title={INICIO.machinesStopped(detenidas.dias)}
          icon={<OctagonPause className="size-4" />}
          count={detenidas.total}
          tone={detenidas.total ? 'danger' : 'ok'}
          to={maquinariasPath(roles)}
          go={go}
        >
          <AlertList
            items={detenidas.items.map((d) => ({
              key: d.maquinaria_id,
              maquinaria_id: d.maquinaria_id,
              placa: d.placa,
              text: INICIO.stoppedFor(LABELS.machineState[d.estado] ?? String(d.estado), d.dias),
            }))}
            total={detenidas.total}
          />
        </Card>
      )}
    </>
  );
}

function ServerCards({ data, roles, go }: { data: InicioAnswer; roles: readonly number[]; go: Go }) {
  const { insumos, fallas, partes_sin_valorizar: partes, pedidos_pendientes: pedidos } = data;
  return (
    <>
      {insumos && (
        <>
          <Card
            title={INICIO.partsDanger}
            icon={<AlertTriangle className="size-4" />}
            count={insumos.peligro.total}
            tone={insumos.peligro.total ? 'danger' : 'ok'}
            to={maquinariasPath(roles)}
            filtro="peligro"
            go={go}
          >
            <InsumoList parts={insumos.peligro.items} total={insumos.peligro.total} withDate={false} />
          </Card>
          <Card
            title={INICIO.partsSoon}
            icon={<CalendarClock className="size-4" />}
            count={insumos.proximos.total}
            tone={insumos.proximos.total ? 'warning' : 'ok'}
            to={maquinariasPath(roles)}
            filtro="proximos"
            go={go}
          >
            <InsumoList parts={insumos.proximos.items} total={insumos.proximos.total} withDate />
          </Card>
        </>
      )}
      {fallas && (
        <Card
          title={INICIO.failures}
          icon={<Wrench className="size-4" />}
          count={fallas.total}
          tone={fallas.total ? 'warning' : 'ok'}
          to="/falla"
          filtro="fallasPendientes"
          go={go}
        >
          {fallas.total === 0 ? (
            <p>{INICIO.none}</p>
          ) : (
            <ul className="space-y-1">
              {fallas.items.map((f) => (
                <li key={f.falla_id} className="break-words">
                  <span className="font-medium text-slate-800">{f.placa}</span> {f.descripcion}{' '}
                  <span className="text-slate-500">· {formatDate(f.fecha)}</span>
                </li>
              ))}
              <More total={fallas.total} shown={fallas.items.length} />
            </ul>
          )}
        </Card>
      )}
      {partes && (
        <Card
          title={INICIO.unbilled}
          icon={<FileSpreadsheet className="size-4" />}
          count={partes.total}
          to="/partediario"
          filtro="sinValorizar"
          go={go}
        >
          <p>{partes.total ? INICIO.unbilledAmount(`S/ ${formatMoney(partes.monto)}`) : INICIO.none}</p>
        </Card>
      )}
      {pedidos && (
        <Card
          title={INICIO.requests}
          icon={<ClipboardList className="size-4" />}
          count={pedidos.total}
          to="/pedido"
          filtro="pedidosPendientes"
          go={go}
        >
          <p>{pedidos.total ? INICIO.requestsCount(pedidos.total) : INICIO.none}</p>
        </Card>
      )}
    </>
  );
}

export function InicioCards() {
  const session = useSession();
  const navigate = useNavigate();
  const query = useInicio(!!session);
  const offline = useOfflineInfo(INICIO_KEY);
  if (!session) return null;
  const go: Go = (to, filtro) => void navigate({ to, search: filtro ? filterSearch(filtro) : {} });
  return (
    <section className="mx-auto mt-6 w-full max-w-5xl" aria-labelledby="inicio-title">
      <h2 id="inicio-title" className="mb-3 text-base font-semibold text-slate-700">
        {INICIO.title}
      </h2>
      {offline.fromCache && offline.savedAt ? (
        <div className="mb-3">
          <OfflineCopyNotice since={offline.savedAt} />
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {/* The device's card is there at once: first, so the server's cards arriving later move nothing. */}
        <DeviceCard go={go} />
        {query.data && <ServerCards data={query.data} roles={session.roles} go={go} />}
        {query.data && <MaintenanceCards data={query.data} roles={session.roles} go={go} />}
        {query.isPending && <div aria-hidden="true" className="min-h-32 animate-pulse rounded-lg border border-border bg-slate-100" />}
      </div>
      {query.isError && !query.data && (
        <p role="status" className="mt-3 text-sm text-slate-500">
          {INICIO.loadFailed}
        </p>
      )}
    </section>
  );
}
