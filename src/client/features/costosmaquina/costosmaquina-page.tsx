// COSTO POR MAQUINARIA (Reportes, code 82): month range (at most 36 months) and machine ('Todas' = 0) filters; per
// machine its parts, repairs, labour and fuel, the meter it worked, the cost per hour (or km), the rental income and
// the margin; the totals under the table and in the Excel/PDF; each plate opens the machine's record.
import { useId, useMemo, useState } from 'react';
import { MAX_MESES_COSTO, MES_RE, mesesEntre, sumarMeses } from '@shared/domain/meses';
import { FIELD, LABELS } from '@shared/messages';
import { limaDate } from '@shared/domain/dates';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { formatMoney } from '@client/lib/format';
import { DataTable } from '@client/components/data-table';
import { ListScreen } from '@client/components/list-screen';
import { maquinariaOptions } from '@client/components/maquinaria-options';
import { SelectFilter } from '@client/components/select-filter';
import { FieldError, Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { usePlaceState } from '@client/lib/place';
import { useCostosMaquina } from './api';
import { costoMaquinaColumns, costoTotales, totalesRow } from './columns';

const C = LABELS.costosmaquina;

interface Meses {
  desde: string;
  hasta: string;
}

/** The last 12 months, this one included. */
function defaultMeses(): Meses {
  const hasta = limaDate().slice(0, 7);
  return { desde: sumarMeses(hasta, -11), hasta };
}

/** Why a range cannot be asked for, or null. */
function rangeError(m: Meses): string | null {
  if (!MES_RE.test(m.desde) || !MES_RE.test(m.hasta)) return FIELD.month;
  const n = mesesEntre(m.desde, m.hasta);
  if (n < 1) return FIELD.monthOrder;
  if (n > MAX_MESES_COSTO) return FIELD.monthRange(MAX_MESES_COSTO);
  return null;
}

function MesesFilter({ value, onChange }: { value: Meses; onChange: (m: Meses) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const error = rangeError(draft);
  const update = (next: Meses) => {
    setDraft(next);
    if (!rangeError(next)) onChange(next);
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <Label htmlFor={`${id}-desde`}>{C.from}</Label>
        <Input
          id={`${id}-desde`}
          type="month"
          className="w-44"
          value={draft.desde}
          aria-invalid={error ? true : undefined}
          onChange={(e) => update({ ...draft, desde: e.target.value })}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-hasta`}>{C.to}</Label>
        <Input
          id={`${id}-hasta`}
          type="month"
          className="w-44"
          value={draft.hasta}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => update({ ...draft, hasta: e.target.value })}
        />
      </div>
      <FieldError id={`${id}-error`} message={error ?? undefined} />
    </div>
  );
}

function Totales({ rows }: { rows: ReturnType<typeof costoTotales> }) {
  const items: [string, number | null][] = [
    [C.parts, rows.repuestos],
    [C.repairs, rows.reparaciones],
    [C.labour, rows.mano_obra],
    [C.fuel, rows.combustible_importe],
    [C.litres, rows.combustible_litros],
    [C.total, rows.costo_total],
    [C.income, rows.ingresos],
    [C.margin, rows.margen],
  ];
  return (
    <dl
      aria-label={C.totals}
      className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border border-border bg-slate-50 p-3 text-sm sm:grid-cols-4 lg:grid-cols-8"
    >
      {items.map(([label, v]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs text-slate-500">
            {C.totals} · {label}
          </dt>
          <dd className="font-semibold tabular-nums">{v === null ? '—' : formatMoney(v)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function CostosMaquinaPage() {
  const [meses, setMeses] = usePlaceState<Meses>('meses', defaultMeses);
  const [maquinariaId, setMaquinariaId] = usePlaceState('maquinaria', 0);
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const options = useMemo(() => maquinariaOptions(maquinarias.data), [maquinarias.data]);
  const filter = useMemo(() => ({ ...meses, maquinaria_id: maquinariaId }), [meses, maquinariaId]);
  const list = useCostosMaquina(filter, rangeError(meses) === null);
  const totales = useMemo(() => costoTotales(list.data ?? []), [list.data]);
  const subtitle = C.range(meses.desde, meses.hasta);
  return (
    <ListScreen title={C.title} offline={list.offline}>
      <DataTable
        label={C.title}
        columns={costoMaquinaColumns}
        data={list.data}
        loading={list.isLoading}
        getRowId={(r) => String(r.maquinaria_id)}
        defaultSort={[{ id: 'costo_total', desc: true }]}
        emptyText={C.empty}
        exportConfig={{
          fileName: C.fileName,
          title: C.title,
          subtitle,
          orientation: 'landscape',
          footerRows: list.data?.length ? [totalesRow(totales)] : undefined,
        }}
        toolbarLeft={
          <>
            <MesesFilter value={meses} onChange={setMeses} />
            <SelectFilter
              label={C.machine}
              value={maquinariaId}
              onChange={setMaquinariaId}
              options={options}
              allLabel={C.allMachines}
              className="w-64"
            />
          </>
        }
      />
      {list.data && list.data.length > 0 && <Totales rows={totales} />}
      <p className="text-xs text-slate-500">{C.note}</p>
    </ListScreen>
  );
}
