// The timeline of a machine's record: one list of failures, repairs, part changes, parts consumed, daily reports, state
// changes and work orders, newest first, with the kinds as toggles ('Todos' clears them) and the date range.
import { EVENTO_TIPOS, type EventoTipo, type HojaEvento } from '@shared/contract/hojadevida';
import { LABELS } from '@shared/messages';
import { DateRangeFilter, type DateRange } from '@client/components/date-range-filter';
import { Badge, type BadgeVariant } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { formatDate } from '@client/lib/format';

const H = LABELS.hojadevida;
const VARIANT: Record<EventoTipo, BadgeVariant> = {
  FALLA: 'danger',
  REPARACION: 'success',
  CAMBIO: 'info',
  SALIDA: 'secondary',
  PARTE: 'secondary',
  ESTADO: 'warning',
  ORDEN: 'info',
};
const num = new Intl.NumberFormat('es-PE', { maximumFractionDigits: 2 });

export interface TimelineProps {
  eventos: readonly HojaEvento[];
  truncated: boolean;
  tipos: readonly EventoTipo[];
  onTipos: (tipos: EventoTipo[]) => void;
  range: DateRange;
  onRange: (range: DateRange) => void;
  loading: boolean;
}

export function Timeline({ eventos, truncated, tipos, onTipos, range, onRange, loading }: TimelineProps) {
  const toggle = (t: EventoTipo) => onTipos(tipos.includes(t) ? tipos.filter((x) => x !== t) : [...tipos, t]);
  return (
    <div className="flex flex-col gap-3">
      <DateRangeFilter value={range} onChange={onRange} />
      <div className="flex flex-wrap gap-2" role="group" aria-label={H.timeline}>
        <Button
          size="sm"
          className="min-h-11"
          variant={tipos.length === 0 ? 'default' : 'outline'}
          aria-pressed={tipos.length === 0}
          onClick={() => onTipos([])}
        >
          {H.allTypes}
        </Button>
        {EVENTO_TIPOS.map((t) => (
          <Button
            key={t}
            size="sm"
            className="min-h-11"
            variant={tipos.includes(t) ? 'default' : 'outline'}
            aria-pressed={tipos.includes(t)}
            onClick={() => toggle(t)}
          >
            {H.types[t]}
          </Button>
        ))}
      </div>
      {truncated && <p className="rounded bg-amber-50 px-3 py-2 text-sm text-amber-800">{H.truncated(eventos.length)}</p>}
      <ol className="flex flex-col divide-y divide-border" aria-label={H.timeline} aria-busy={loading}>
        {eventos.length === 0 && !loading && <li className="py-4 text-center text-sm text-slate-500">{H.noEvents}</li>}
        {eventos.map((e) => (
          <li key={`${e.tipo}-${e.id}`} className="grid grid-cols-[5.5rem_1fr] gap-x-3 py-2 text-sm" data-tipo={e.tipo}>
            <span className="text-slate-500 tabular-nums">{formatDate(e.fecha)}</span>
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={VARIANT[e.tipo]}>{H.types[e.tipo]}</Badge>
                <span className="font-medium break-words text-slate-800">{e.titulo}</span>
                {e.estado && <span className="text-xs font-semibold text-slate-600 uppercase">{e.estado}</span>}
                {e.cantidad !== null && <span className="text-xs text-slate-600 tabular-nums">{num.format(e.cantidad)}</span>}
              </div>
              {(e.detalle || e.usuario) && (
                <p className="text-xs break-words text-slate-600">{[e.detalle, e.usuario].filter(Boolean).join(' · ')}</p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
