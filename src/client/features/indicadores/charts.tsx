// The indicators' charts (recharts, loaded apart with React.lazy so the library is not in the first download): the
// fleet's monthly trends (availability, MTBF, MTTR, preventive compliance, cost per hour) and the machines ranked by
// cost per hour and by availability; a machine's bar opens its hoja de vida. Every chart takes its container's width.
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { IndicadoresAnswer, IndicadorMaquina, IndicadorMes } from '@shared/contract/indicadores';
import { LABELS } from '@shared/messages';
import { formatCifra } from './columns';

const L = LABELS.indicadores;
/** How many machines each ranking shows. */
const RANK = 10;
const AXIS = { fontSize: 11, fill: '#475569' };
const COLOR = '#0369a1';

type Metric = 'disponibilidad' | 'mtbf' | 'mttr' | 'cumplimiento' | 'costo_hora';
const TRENDS: { key: Metric; label: string; kind: 'line' | 'bar' }[] = [
  { key: 'disponibilidad', label: L.availability, kind: 'line' },
  { key: 'mtbf', label: L.mtbf, kind: 'bar' },
  { key: 'mttr', label: L.mttr, kind: 'bar' },
  { key: 'cumplimiento', label: L.compliance, kind: 'line' },
  { key: 'costo_hora', label: L.costHour, kind: 'bar' },
];

const tooltipValue = (v: unknown) => formatCifra(typeof v === 'number' ? v : null);

function Trend({ meses, metric }: { meses: IndicadorMes[]; metric: (typeof TRENDS)[number] }) {
  const common = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
      <XAxis dataKey="periodo" tick={AXIS} minTickGap={8} />
      <YAxis tick={AXIS} width={48} domain={metric.key === 'disponibilidad' || metric.key === 'cumplimiento' ? [0, 100] : [0, 'auto']} />
      <Tooltip formatter={(v) => [tooltipValue(v), metric.label]} />
    </>
  );
  return (
    <figure className="min-w-0 rounded-md border border-border p-2" data-testid={`trend-${metric.key}`}>
      <figcaption className="mb-1 text-xs font-semibold text-slate-700">{metric.label}</figcaption>
      <ResponsiveContainer width="100%" height={180}>
        {metric.kind === 'line' ? (
          <LineChart data={meses} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
            {common}
            <Line
              type="monotone"
              dataKey={metric.key}
              stroke={COLOR}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        ) : (
          <BarChart data={meses} margin={{ top: 6, right: 8, bottom: 0, left: 0 }}>
            {common}
            <Bar dataKey={metric.key} fill={COLOR} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </figure>
  );
}

function Ranking({
  title,
  rows,
  metric,
  onMachine,
  testId,
}: {
  title: string;
  rows: IndicadorMaquina[];
  metric: 'costo_hora' | 'disponibilidad';
  onMachine: (id: number) => void;
  testId: string;
}) {
  return (
    <figure className="min-w-0 rounded-md border border-border p-2" data-testid={testId}>
      <figcaption className="mb-1 text-xs font-semibold text-slate-700">{title}</figcaption>
      {rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{L.noData}</p>
      ) : (
        <ResponsiveContainer width="100%" height={rows.length * 30 + 36}>
          <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
            <XAxis type="number" tick={AXIS} domain={metric === 'disponibilidad' ? [0, 100] : [0, 'auto']} />
            <YAxis type="category" dataKey="placa" tick={AXIS} width={76} interval={0} />
            <Tooltip formatter={(v) => [tooltipValue(v), metric === 'costo_hora' ? L.costHour : L.availability]} />
            <Bar
              dataKey={metric}
              fill={COLOR}
              cursor="pointer"
              isAnimationActive={false}
              onClick={(entry: { payload?: IndicadorMaquina }) => entry.payload && onMachine(entry.payload.maquinaria_id)}
            />
          </BarChart>
        </ResponsiveContainer>
      )}
    </figure>
  );
}

export default function IndicadoresCharts({ data, onMachine }: { data: IndicadoresAnswer; onMachine: (id: number) => void }) {
  const byCost = data.maquinas
    .filter((m) => m.costo_hora !== null)
    .sort((a, b) => b.costo_hora! - a.costo_hora!)
    .slice(0, RANK);
  const byAvailability = data.maquinas
    .filter((m) => m.disponibilidad !== null)
    .sort((a, b) => a.disponibilidad! - b.disponibilidad!)
    .slice(0, RANK);
  return (
    <div className="flex flex-col gap-3" data-testid="indicadores-charts">
      <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{L.trends}</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {TRENDS.map((t) => (
          <Trend key={t.key} meses={data.meses} metric={t} />
        ))}
      </div>
      {data.maquinas.length > 1 && (
        <>
          <h2 className="text-sm font-semibold tracking-wide text-slate-700 uppercase">{L.ranking}</h2>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            <Ranking title={L.rankCost} rows={byCost} metric="costo_hora" onMachine={onMachine} testId="rank-costo" />
            <Ranking
              title={L.rankAvailability}
              rows={byAvailability}
              metric="disponibilidad"
              onMachine={onMachine}
              testId="rank-disponibilidad"
            />
          </div>
        </>
      )}
    </div>
  );
}
