// REPORTE POR MANTENIMIENTO DE MAQUINARIAS (rep_mantenimiento): a multi-select of plates with an
// all-machines option, Fecha Inicio, Fecha Final and 'Generar Reporte', which opens the part-change history PDF
// (GET /api/maquinarias/viewpdfmantenimiento) in a new tab. The machines are loaded before the screen.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { FileText, LoaderCircle } from 'lucide-react';
import { normalizeSearch } from '@shared/domain/stock';
import { LABELS } from '@shared/messages';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { defaultDateRange } from '@client/components/date-range-filter';
import { DateField } from '@client/components/form-field';
import { ListScreen } from '@client/components/list-screen';
import { maquinariaLabel } from '@client/components/maquinaria-options';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { isValidYmd } from '@client/lib/format';
import { openMaintenancePdf } from './api';
import { rangeReady } from './maintenance-range-dialog';
import { usePdfAction } from './use-pdf-action';

const L = LABELS.maquinarias;

/** What the screen has chosen: the machines (empty: all), the range, and whether it is complete. */
export interface RepMantenimientoChoice {
  ids: readonly number[];
  fini: string;
  ffin: string;
  ready: boolean;
}

/** `extra`: more reports of the same choice under 'Generar Reporte' (the preventive tasks done and missed, app/). */
export default function RepMantenimientoPage({ extra }: { extra?: (choice: RepMantenimientoChoice) => ReactNode }) {
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const [allMaquinarias, setAllMaquinarias] = useState(true);
  const [ids, setIds] = useState<Set<number>>(() => new Set());
  const [filter, setFilter] = useState('');
  const [range, setRange] = useState(() => defaultDateRange());
  const pdf = usePdfAction();
  const filterId = useId();

  const options = useMemo(
    () =>
      [...(maquinarias.data ?? [])]
        .sort((a, b) => a.placa.localeCompare(b.placa, 'es'))
        .map((m) => ({ id: m.id, label: maquinariaLabel(m) })),
    [maquinarias.data],
  );
  const shown = useMemo(() => {
    const q = normalizeSearch(filter);
    return q ? options.filter((o) => normalizeSearch(o.label).includes(q)) : options;
  }, [options, filter]);

  const chosen = options.filter((o) => ids.has(o.id)).map((o) => o.id);
  const inverted = isValidYmd(range.start) && isValidYmd(range.end) && range.start > range.end;
  const ready = rangeReady(range.start, range.end) && (allMaquinarias || chosen.length > 0);

  const toggle = (id: number, on: boolean) => {
    setAllMaquinarias(false);
    setIds((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  return (
    <ListScreen title={L.reportTitle}>
      <form
        className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto]"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void pdf.run('report', () => openMaintenancePdf(allMaquinarias ? [] : chosen, range.start, range.end));
        }}
      >
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">
            {L.machines} <span className="text-destructive">*</span>
          </legend>
          <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
            <Checkbox
              checked={allMaquinarias}
              onCheckedChange={(v) => {
                setAllMaquinarias(v === true);
                if (v === true) setIds(new Set());
              }}
            />
            {L.allMachines}
          </label>
          <div>
            <Label htmlFor={filterId} className="sr-only">
              {L.filterPlates}
            </Label>
            <Input
              id={filterId}
              type="search"
              placeholder={L.filterPlates}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              className="h-9"
            />
          </div>
          <ul
            aria-label={L.machines}
            className="grid max-h-80 grid-cols-1 gap-x-4 overflow-y-auto rounded-md border border-border p-2 sm:grid-cols-2"
          >
            {shown.map((o) => (
              <li key={o.id}>
                <label className="flex min-h-9 cursor-pointer items-center gap-2 rounded px-1 text-sm hover:bg-slate-50">
                  <Checkbox checked={!allMaquinarias && ids.has(o.id)} onCheckedChange={(v) => toggle(o.id, v === true)} />
                  <span className="truncate">{o.label}</span>
                </label>
              </li>
            ))}
            {shown.length === 0 && <li className="px-1 py-2 text-sm text-slate-500">{LABELS.noRecords}</li>}
          </ul>
          <p className="text-xs text-slate-500">{allMaquinarias ? L.allMachines : L.selectedCount(chosen.length)}</p>
        </fieldset>
        <div className="flex flex-col gap-3 md:w-56">
          <DateField label={LABELS.startDate} required value={range.start} onValueChange={(start) => setRange((r) => ({ ...r, start }))} />
          <DateField label={LABELS.endDate} required value={range.end} onValueChange={(end) => setRange((r) => ({ ...r, end }))} />
          {inverted && (
            <p role="alert" className="text-xs text-destructive">
              {LABELS.dateRangeInvalid}
            </p>
          )}
          <Button type="submit" disabled={!ready || pdf.busy !== null}>
            {pdf.busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <FileText aria-hidden="true" />}
            {L.generateReport}
          </Button>
          {extra?.({ ids: allMaquinarias ? [] : chosen, fini: range.start, ffin: range.end, ready })}
        </div>
      </form>
    </ListScreen>
  );
}
