// The machine's record (hoja de vida, code 75), opened from its plate in the machinery lists: its data and state with
// the downtime and availability in the range, the wear bars of its parts with their forecasts, its meter over time
// (chart loaded apart), its plan's tasks with their due state, its open work orders, and the timeline with filters;
// 'PDF' prints the same range and kinds.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useParams, useRouter } from '@tanstack/react-router';
import { ArrowLeft, FileText, LoaderCircle } from 'lucide-react';
import type { EventoTipo, HojaTarea } from '@shared/contract/hojadevida';
import { limaDate } from '@shared/domain/dates';
import { rangoHojaDeVida } from '@shared/domain/hojadevida';
import { meterUnitLabel } from '@shared/domain/lecturas';
import { LABELS } from '@shared/messages';
import type { DateRange } from '@client/components/date-range-filter';
import { ListScreen } from '@client/components/list-screen';
import { MaquinariaStateBadge } from '@client/components/maquinaria-estado';
import { Badge, type BadgeVariant } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatHours, WearBar } from '@client/components/wear-bar';
import { formatDate } from '@client/lib/format';
import { toast } from '@client/lib/toast';
import { openHojaDeVidaPdf, useHojaDeVida } from './api';
import { Timeline } from './timeline';

const H = LABELS.hojadevida;
const L = LABELS.maquinarias;
const E = LABELS.estadosMaquina;
const MeterChart = lazy(() => import('./meter-chart'));
const TASK_VARIANT: Record<HojaTarea['estado'], BadgeVariant> = { vencida: 'danger', proxima: 'warning', al_dia: 'success' };

function Card({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-border bg-white p-4 shadow-sm ${className ?? ''}`} aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-700 uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-800">{children}</dd>
    </div>
  );
}

export default function HojaDeVidaPage() {
  const params: { id?: string } = useParams({ strict: false });
  const id = Number(params.id);
  const router = useRouter();
  const [range, setRange] = useState<DateRange>(() => {
    const r = rangoHojaDeVida({}, limaDate());
    return { start: r.fini, end: r.ffin };
  });
  const [tipos, setTipos] = useState<EventoTipo[]>([]);
  const filter = { fini: range.start, ffin: range.end, tipos };
  const q = useHojaDeVida(id, filter);
  const [printing, setPrinting] = useState(false);
  const h = q.data;
  const m = h?.maquinaria;
  const unit = m ? meterUnitLabel(m.horometro) : '';

  const print = async () => {
    if (!m) return;
    setPrinting(true);
    try {
      await openHojaDeVidaPdf(id, m.placa, filter);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <ListScreen
      title={H.title(m?.placa ?? '')}
      offline={q.offline}
      actions={
        <>
          <Button size="sm" variant="outline" onClick={() => router.history.back()}>
            <ArrowLeft aria-hidden="true" />
            {H.back}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void print()} disabled={!m || printing}>
            {printing ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <FileText aria-hidden="true" />}
            {H.pdf}
          </Button>
        </>
      }
    >
      {!h || !m ? (
        <p className="py-8 text-center text-sm text-slate-500" aria-busy={q.isLoading}>
          {q.isError ? (q.error instanceof Error ? q.error.message : String(q.error)) : LABELS.loading}
        </p>
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          <Card title={H.data}>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Field label={L.description}>{m.descripcion}</Field>
              <Field label={L.plate}>{m.placa}</Field>
              <Field label={L.state}>
                <MaquinariaStateBadge estado={m.estado} />
              </Field>
              <Field label={L.brand}>{m.marca}</Field>
              <Field label={L.model}>{m.modelo ?? ''}</Field>
              <Field label={L.year}>{m.año_fabrica}</Field>
              <Field label={H.currentMeter}>{`${formatHours(m.horometro_actual)} ${unit}`}</Field>
              <Field label={H.dailyUse}>{`${formatHours(m.uso_diario)} ${unit}`}</Field>
              <Field label={E.downtime}>{h.disponibilidad ? `${formatHours(h.disponibilidad.horas_detenida)} h` : ''}</Field>
              <Field label={E.availability}>{h.disponibilidad ? `${formatHours(h.disponibilidad.disponibilidad)} %` : ''}</Field>
              <Field label={LABELS.startDate}>{formatDate(h.fini)}</Field>
              <Field label={LABELS.endDate}>{formatDate(h.ffin)}</Field>
            </dl>
          </Card>
          <Card title={H.wear}>
            {m.insumos.length === 0 ? (
              <p className="text-sm text-slate-500">{L.noParts}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {m.insumos.map((p) => (
                  <li key={p.insumo_maq_id}>
                    <p className="text-sm font-medium text-slate-800">{p.insumo_name}</p>
                    <WearBar part={p} unit={unit} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={H.meterChart}>
            <Suspense fallback={<p className="py-6 text-center text-sm text-slate-500">{H.chartLoading}</p>}>
              <MeterChart lecturas={h.lecturas} unit={unit} />
            </Suspense>
          </Card>
          <Card title={H.plan}>
            {h.tareas.length === 0 ? (
              <p className="text-sm text-slate-500">{H.noTasks}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border">
                {h.tareas.map((t) => (
                  <li key={t.tarea_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span className="min-w-0 font-medium text-slate-800">
                      {t.plan}: {t.nombre}
                      <span className="block text-xs font-normal text-slate-600">
                        {H.nextDue}:{' '}
                        {[
                          t.proximo_medidor === null ? null : `${formatHours(t.proximo_medidor)} ${unit}`,
                          t.proximo_fecha && formatDate(t.proximo_fecha),
                        ]
                          .filter(Boolean)
                          .join(' / ')}
                        {t.pronostico ? ` · ${H.forecast}: ${formatDate(t.pronostico)}` : ''}
                      </span>
                    </span>
                    <Badge variant={TASK_VARIANT[t.estado]}>{H.taskState[t.estado]}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={H.orders}>
            {h.ordenes.length === 0 ? (
              <p className="text-sm text-slate-500">{H.noOrders}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border">
                {h.ordenes.map((o) => (
                  <li key={o.ot_id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <span className="min-w-0">
                      <strong>{H.order(o.anio, o.numero)}</strong> {o.descripcion}
                      <span className="block text-xs text-slate-600">
                        {o.tipo} · {o.prioridad} · {formatDate(o.created_at)}
                      </span>
                    </span>
                    <Badge variant={o.estado === 'EN ESPERA DE REPUESTOS' ? 'warning' : 'info'}>{o.estado}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title={H.timeline} className="lg:col-span-2">
            <Timeline
              eventos={h.eventos}
              truncated={h.eventos_truncados}
              tipos={tipos}
              onTipos={setTipos}
              range={range}
              onRange={setRange}
              loading={q.isFetching}
            />
          </Card>
        </div>
      )}
    </ListScreen>
  );
}
