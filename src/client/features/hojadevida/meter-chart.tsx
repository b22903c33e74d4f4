// The machine's meter over time (hoja de vida): a line of the meter at the end of each day with reports, drawn as SVG
// (loaded with the page's chart chunk, React.lazy). The axis labels are the first and last day and the lowest and
// highest meter.
import type { HojaLectura } from '@shared/contract/hojadevida';
import { LABELS } from '@shared/messages';
import { formatDate } from '@client/lib/format';

const W = 640;
const H = 220;
const PAD = { left: 64, right: 12, top: 12, bottom: 28 };
const fmt = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 1 });

const dayOf = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

export default function MeterChart({ lecturas, unit }: { lecturas: readonly HojaLectura[]; unit: string }) {
  if (lecturas.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{LABELS.hojadevida.meterChartEmpty}</p>;
  const x0 = dayOf(lecturas[0].fecha);
  const x1 = Math.max(dayOf(lecturas[lecturas.length - 1].fecha), x0 + 1);
  const values = lecturas.map((l) => l.medidor);
  const y0 = Math.min(...values);
  const y1 = Math.max(Math.max(...values), y0 + 1);
  const px = (d: string) => PAD.left + ((dayOf(d) - x0) / (x1 - x0)) * (W - PAD.left - PAD.right);
  const py = (v: number) => H - PAD.bottom - ((v - y0) / (y1 - y0)) * (H - PAD.top - PAD.bottom);
  const points = lecturas.map((l) => `${px(l.fecha).toFixed(1)},${py(l.medidor).toFixed(1)}`).join(' ');
  const first = lecturas[0];
  const last = lecturas[lecturas.length - 1];
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={`${LABELS.hojadevida.meterChart}: ${fmt.format(first.medidor)} ${unit} (${formatDate(first.fecha)}) → ${fmt.format(last.medidor)} ${unit} (${formatDate(last.fecha)})`}
      data-testid="meter-chart"
    >
      <line x1={PAD.left} y1={H - PAD.bottom} x2={W - PAD.right} y2={H - PAD.bottom} className="stroke-slate-300" />
      <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} className="stroke-slate-300" />
      <text x={PAD.left - 6} y={py(y1) + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
        {fmt.format(y1)} {unit}
      </text>
      <text x={PAD.left - 6} y={py(y0)} textAnchor="end" className="fill-slate-500 text-[11px]">
        {fmt.format(y0)} {unit}
      </text>
      <text x={PAD.left} y={H - 8} className="fill-slate-500 text-[11px]">
        {formatDate(first.fecha)}
      </text>
      <text x={W - PAD.right} y={H - 8} textAnchor="end" className="fill-slate-500 text-[11px]">
        {formatDate(last.fecha)}
      </text>
      <polyline points={points} fill="none" className="stroke-sky-600" strokeWidth={2} strokeLinejoin="round" />
      {lecturas.length <= 60 &&
        lecturas.map((l) => <circle key={l.fecha} cx={px(l.fecha)} cy={py(l.medidor)} r={2.5} className="fill-sky-700" />)}
    </svg>
  );
}
