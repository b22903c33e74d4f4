// One part's wear: a bar as wide as counter / limit, blue below the warning hours, yellow from the
// warning hours up to below the critical hours, red from the critical hours; the hours used and the limit as
// numbers; and the date it is forecast to reach its limit. Bands and width come from the shared wear functions.
// In the kit: the machinery list's wear view and the machine's record (hoja de vida) both draw it.
import { LABELS } from '@shared/messages';
import { barWidth, wearLevel, wearPercent, type WearLevel } from '@shared/domain/wear';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/lib/cn';
import { formatDate, formatMeasure } from '@client/lib/format';
import type { MaquinariaInsumo } from '@shared/contract/maquinarias';

const L = LABELS.maquinarias;

const BAR: Record<WearLevel, string> = { info: 'bg-sky-500', warning: 'bg-amber-400', danger: 'bg-red-600' };
const TRACK: Record<WearLevel, string> = { info: 'bg-sky-100', warning: 'bg-amber-100', danger: 'bg-red-100' };

/** Hours or km with at most two decimals, es-PE grouping (the screens' one number format for measures). */
export const formatHours = formatMeasure;

export function insumoBand(p: Pick<MaquinariaInsumo, 'contador' | 'horas_alerta'>): WearLevel {
  return wearLevel(p.contador, p.horas_alerta.hour_warning, p.horas_alerta.hour_critical);
}

export function WearBar({ part, unit }: { part: MaquinariaInsumo; unit: string }) {
  const band = insumoBand(part);
  const pct = wearPercent(part.contador, part.horas_limite);
  const label = `${part.insumo_name}: ${formatHours(part.contador)} de ${formatHours(part.horas_limite)} ${unit}`;
  return (
    <div className="flex flex-col gap-1">
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={part.horas_limite}
        aria-valuenow={Math.min(part.contador, part.horas_limite)}
        aria-valuetext={`${Math.round(pct)} %`}
        data-band={band}
        className={cn('relative h-5 w-full overflow-hidden rounded', TRACK[band])}
      >
        <div
          className={cn('h-full rounded transition-[width]', BAR[band])}
          style={{ width: `${barWidth(part.contador, part.horas_limite)}%` }}
        />
        <span className="absolute inset-0 flex items-center justify-center text-xs font-semibold text-slate-900 tabular-nums">
          {Math.round(pct)} %
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 text-xs text-slate-600 tabular-nums">
        <span>
          {L.used}: <strong className="text-slate-800">{formatHours(part.contador)}</strong> / {L.limit}:{' '}
          <strong className="text-slate-800">{formatHours(part.horas_limite)}</strong> {unit}
        </span>
        <ForecastText part={part} />
      </div>
    </div>
  );
}

/** 'Llega al límite: 12/01/2027', 'Límite alcanzado' or why there is no forecast. */
export function ForecastText({ part }: { part: Pick<MaquinariaInsumo, 'contador' | 'horas_limite' | 'fecha_limite'> }) {
  if (part.contador >= part.horas_limite) return <span className="font-semibold text-red-700">{L.forecastReached}</span>;
  if (!part.fecha_limite) return <span className="text-slate-500 italic">{L.forecastNone}</span>;
  return (
    <span data-testid="forecast">
      {L.forecast}: <strong className="text-slate-800">{formatDate(part.fecha_limite)}</strong>
    </span>
  );
}

/** Warning / Danger badges of the machine list's alerts column (the spec's words with the Spanish ones): one per part in those bands. */
export function AlertBadges({ parts }: { parts: readonly MaquinariaInsumo[] }) {
  const alerts = parts.map((p) => ({ p, band: insumoBand(p) })).filter((x) => x.band !== 'info');
  if (alerts.length === 0) return null;
  return (
    <div className="flex flex-col items-start gap-1">
      {alerts.map(({ p, band }) => (
        <Badge
          key={p.insumo_maq_id}
          variant={band === 'danger' ? 'danger' : 'warning'}
          title={L.partBadge(p.insumo_name, band as 'warning' | 'danger')}
          className="block max-w-[9.5rem] text-left whitespace-normal normal-case"
        >
          {/* The band's words on their own line, so they never take the part name's room; read as one text. */}
          <span className="block font-semibold">{`${LABELS.wearBand[band]}:`}</span> <span className="line-clamp-2">{p.insumo_name}</span>
        </Badge>
      ))}
    </div>
  );
}

/** Text of the alerts column in exports and in the search box. */
export function alertsText(parts: readonly MaquinariaInsumo[]): string {
  return parts
    .map((p) => ({ p, band: insumoBand(p) }))
    .filter((x) => x.band !== 'info')
    .map(({ p, band }) => L.partBadge(p.insumo_name, band as 'warning' | 'danger'))
    .join(', ');
}
