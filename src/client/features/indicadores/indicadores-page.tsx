// Indicadores de flota (code 83, under Reportes): a range of months (at most 36) and the whole fleet or one machine;
// the key figures of the range, the charts (loaded apart), and the figures per month and per machine with Excel;
// 'Informe PDF' prints the monthly management report built by the server with the same range.
import { lazy, Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { FileText, LoaderCircle } from 'lucide-react';
import type { IndicadoresAnswer } from '@shared/contract/indicadores';
import { limaDate } from '@shared/domain/dates';
import { MAX_MESES_COSTO, mesesEntre, sumarMeses } from '@shared/domain/meses';
import { FIELD, LABELS } from '@shared/messages';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { DataTable } from '@client/components/data-table';
import { ListScreen } from '@client/components/list-screen';
import { maquinariaOptions } from '@client/components/maquinaria-options';
import { hojaDeVidaPath } from '@client/components/placa-link';
import { SelectFilter } from '@client/components/select-filter';
import { Button } from '@client/components/ui/button';
import { FieldError, Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/lib/toast';
import { openIndicadoresPdf, useIndicadores, type IndicadoresFilter } from './api';
import { formatCifra, MAQUINA_COLUMNS, MES_COLUMNS } from './columns';

const L = LABELS.indicadores;
const Charts = lazy(() => import('./charts'));

function MonthField({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  return (
    <div className="w-44">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="month"
        value={value}
        className="pointer-coarse:h-11"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined}
        onChange={(e) => e.target.value && onChange(e.target.value)}
      />
      <FieldError id={`${id}-e`} message={error} />
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-md border border-border bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-lg font-semibold text-slate-800 tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-slate-500">{note}</dd>}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-2" aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{title}</h2>
      {children}
    </section>
  );
}

function KeyFigures({ a }: { a: IndicadoresAnswer }) {
  const t = a.total;
  const dias = a.turno_dias.map((d) => L.weekdays[d]).join(', ');
  return (
    <Section title={`${L.keyFigures} · ${L.range(a.desde, a.hasta)}`}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 xl:grid-cols-8">
        <Figure
          label={L.availability}
          value={formatCifra(t.disponibilidad)}
          note={`${formatCifra(t.horas_disponibles)} / ${formatCifra(t.horas_programadas)} h`}
        />
        <Figure label={L.mtbf} value={formatCifra(t.mtbf)} note={`${L.failures}: ${t.fallas}`} />
        <Figure label={L.mttr} value={formatCifra(t.mttr)} note={`${L.repairs}: ${t.reparaciones}`} />
        <Figure label={L.compliance} value={formatCifra(t.cumplimiento)} note={`${t.tareas_a_tiempo} / ${t.tareas_vencen}`} />
        <Figure label={L.utilisation} value={formatCifra(t.utilizacion)} note={`${L.worked}: ${formatCifra(t.horas_trabajadas)}`} />
        <Figure label={L.backlog} value={String(t.ot_abiertas)} note={`${formatCifra(t.ot_horas)} h`} />
        <Figure label={L.costHour} value={formatCifra(t.costo_hora)} note={`${L.cost}: ${formatCifra(t.costo_total)}`} />
        <Figure label={L.fuelHour} value={formatCifra(t.litros_hora)} note={`${L.fuel}: ${formatCifra(t.combustible_litros)}`} />
      </dl>
      <p className="text-xs text-slate-500">
        {L.shift}: {L.shiftText(formatCifra(a.turno_horas_dia), dias)}. {L.notes}
      </p>
    </Section>
  );
}

export default function IndicadoresPage() {
  const navigate = useNavigate();
  const hoy = limaDate().slice(0, 7);
  const [filter, setFilter] = useState<IndicadoresFilter>(() => ({ desde: sumarMeses(hoy, -11), hasta: hoy, maquinaria_id: 0 }));
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const options = useMemo(() => maquinariaOptions(maquinarias.data), [maquinarias.data]);
  const n = mesesEntre(filter.desde, filter.hasta);
  const error = n < 1 ? FIELD.monthOrder : n > MAX_MESES_COSTO ? FIELD.monthRange(MAX_MESES_COSTO) : undefined;
  const q = useIndicadores(filter, !error);
  const a = q.data;
  const [printing, setPrinting] = useState(false);
  const openMachine = (id: number) => void navigate({ to: hojaDeVidaPath(id) });

  const print = async () => {
    setPrinting(true);
    try {
      await openIndicadoresPdf(filter);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setPrinting(false);
    }
  };
  const range = L.range(filter.desde, filter.hasta);

  return (
    <ListScreen
      title={L.title}
      offline={q.offline}
      actions={
        <Button size="sm" variant="outline" onClick={() => void print()} disabled={!!error || printing} className="pointer-coarse:h-11">
          {printing ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <FileText aria-hidden="true" />}
          {L.pdf}
        </Button>
      }
      toolbar={
        <div className="flex flex-wrap items-end gap-3">
          <MonthField label={L.desde} value={filter.desde} onChange={(desde) => setFilter((f) => ({ ...f, desde }))} />
          <MonthField label={L.hasta} value={filter.hasta} error={error} onChange={(hasta) => setFilter((f) => ({ ...f, hasta }))} />
          <SelectFilter
            label={L.machine}
            value={filter.maquinaria_id}
            onChange={(maquinaria_id) => setFilter((f) => ({ ...f, maquinaria_id }))}
            options={options}
            allLabel={L.allMachines}
            className="w-full sm:w-72"
          />
        </div>
      }
    >
      {!a ? (
        <p className="py-8 text-center text-sm text-slate-500" aria-busy={q.isLoading}>
          {error ? '' : q.isError ? (q.error instanceof Error ? q.error.message : String(q.error)) : LABELS.loading}
        </p>
      ) : (
        <div className="flex min-w-0 flex-col gap-5" aria-busy={q.isFetching}>
          <KeyFigures a={a} />
          <Suspense fallback={<p className="py-6 text-center text-sm text-slate-500">{L.chartLoading}</p>}>
            <Charts data={a} onMachine={openMachine} />
          </Suspense>
          <Section title={L.byMonth}>
            <DataTable
              columns={MES_COLUMNS}
              data={a.meses}
              getRowId={(r) => r.periodo}
              label={L.byMonth}
              defaultPageSize={50}
              exportConfig={{
                fileName: `indicadores-mes-${a.desde}-${a.hasta}`,
                title: `${L.title} · ${L.byMonth}`,
                subtitle: range,
                orientation: 'landscape',
                sheetName: L.byMonth,
              }}
            />
          </Section>
          <Section title={L.byMachine}>
            <DataTable
              columns={MAQUINA_COLUMNS}
              data={a.maquinas}
              getRowId={(r) => String(r.maquinaria_id)}
              label={L.byMachine}
              defaultSort={[{ id: 'costo_hora', desc: true }]}
              exportConfig={{
                fileName: `indicadores-maquinas-${a.desde}-${a.hasta}`,
                title: `${L.title} · ${L.byMachine}`,
                subtitle: range,
                orientation: 'landscape',
                sheetName: L.byMachine,
              }}
            />
          </Section>
        </div>
      )}
    </ListScreen>
  );
}
