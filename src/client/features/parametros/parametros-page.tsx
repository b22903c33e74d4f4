// PARÁMETROS (Configuración, code 84): the labour rate of the cost per machine, the office's shift (hours per day and
// working days, for the fleet indicators), the most km per day an odometer may advance, and which supplies are fuel
// (a searchable list with a 'Combustible' checkbox). One Grabar saves them all; a refused save says why here.
import { useEffect, useId, useMemo, useState } from 'react';
import type { ParametrosDetail } from '@shared/contract/parametros';
import { LABELS, MSG } from '@shared/messages';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { DataTable, type DataColumnDef } from '@client/components/data-table';
import { ListScreen } from '@client/components/list-screen';
import { NumericInput } from '@client/components/numeric-input';
import { fieldErrorsOf } from '@client/components/save-refusal';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/lib/toast';
import type { InsumoRow } from '@shared/contract/insumos';
import { useParametros, useSaveParametros } from './api';

const P = LABELS.parametros;

interface Draft {
  tarifa_mano_obra: string;
  turno_horas_dia: string;
  turno_dias: number[];
  km_max_dia: string;
  combustibles: Set<number>;
}

/** A field's number; empty is NaN (sent as null), which the server refuses naming the field, never a silent 0. */
const num = (s: string) => (s.trim() === '' ? NaN : Number(s));

const draftOf = (d: ParametrosDetail): Draft => ({
  tarifa_mano_obra: d.tarifa_mano_obra.toFixed(2),
  turno_horas_dia: String(d.turno_horas_dia),
  turno_dias: d.turno_dias,
  km_max_dia: String(d.km_max_dia),
  combustibles: new Set(d.combustibles),
});

function NumberField(props: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id} required>
        {props.label}
      </Label>
      <NumericInput id={id} value={props.value} onValueChange={props.onChange} required aria-invalid={props.error ? true : undefined} />
      <FieldError message={props.error} />
    </div>
  );
}

function fuelColumns(checked: Set<number>, toggle: (id: number, on: boolean) => void): DataColumnDef<InsumoRow>[] {
  return [
    {
      id: 'combustible',
      header: P.fuel,
      accessorFn: (r) => (checked.has(r.id) ? 1 : 0),
      cell: ({ row }) => (
        <Checkbox
          checked={checked.has(row.original.id)}
          onCheckedChange={(v) => toggle(row.original.id, v === true)}
          aria-label={`${P.fuel}: ${row.original.insumo_name}`}
        />
      ),
      meta: { align: 'center', className: 'w-28', exportValue: (r) => (checked.has(r.id) ? 'SI' : 'NO'), searchable: false, priority: 1 },
    },
    { accessorKey: 'insumo_codigo', header: P.code, meta: { className: 'whitespace-nowrap', priority: 2 } },
    { accessorKey: 'insumo_name', header: P.supply, meta: { priority: 1 } },
    { accessorKey: 'unimed', header: P.unit, meta: { className: 'w-24', priority: 2 } },
  ];
}

export default function ParametrosPage() {
  const stored = useParametros();
  const insumos = useCatalog(CATALOG.insumos);
  const save = useSaveParametros();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (stored.data && !draft) setDraft(draftOf(stored.data));
  }, [stored.data, draft]);

  const checked = useMemo(() => draft?.combustibles ?? new Set<number>(), [draft?.combustibles]);
  const columns = useMemo(
    () =>
      fuelColumns(checked, (id, on) =>
        setDraft((d) => {
          if (!d) return d;
          const next = new Set(d.combustibles);
          if (on) next.add(id);
          else next.delete(id);
          return { ...d, combustibles: next };
        }),
      ),
    [checked],
  );

  const submit = async () => {
    if (!draft) return;
    setErrors({});
    setRefusal(null);
    try {
      const saved = await save.mutateAsync({
        tarifa_mano_obra: num(draft.tarifa_mano_obra),
        turno_horas_dia: num(draft.turno_horas_dia),
        turno_dias: draft.turno_dias,
        km_max_dia: num(draft.km_max_dia),
        combustibles: [...draft.combustibles],
      });
      setDraft(draftOf(saved));
      toast.success(MSG.saved);
    } catch (err) {
      setErrors(Object.fromEntries(fieldErrorsOf(err)));
      setRefusal(err instanceof Error ? err.message : MSG.saveFailed);
    }
  };

  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  return (
    <ListScreen
      title={P.title}
      actions={
        <Button type="button" onClick={() => void submit()} disabled={!draft || save.isPending}>
          {P.save}
        </Button>
      }
    >
      {stored.isError && <FieldError message={stored.error.message} />}
      {draft && (
        <form
          className="grid gap-4 md:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <fieldset className="grid gap-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">{P.costs}</legend>
            <NumberField
              label={P.rate}
              value={draft.tarifa_mano_obra}
              onChange={(v) => set({ tarifa_mano_obra: v })}
              error={errors.tarifa_mano_obra}
            />
            <NumberField label={P.kmMax} value={draft.km_max_dia} onChange={(v) => set({ km_max_dia: v })} error={errors.km_max_dia} />
          </fieldset>
          <fieldset className="grid gap-3 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">{P.shift}</legend>
            <NumberField
              label={P.shiftHours}
              value={draft.turno_horas_dia}
              onChange={(v) => set({ turno_horas_dia: v })}
              error={errors.turno_horas_dia}
            />
            <div role="group" aria-labelledby="parametros-dias">
              <span id="parametros-dias" className="mb-1 inline-block text-sm font-medium text-slate-700">
                {P.shiftDays}
              </span>
              <div className="flex flex-wrap gap-x-3">
                {P.weekdays.map((name, i) => {
                  const day = i + 1;
                  return (
                    <label key={day} className="inline-flex items-center gap-1 text-sm">
                      <Checkbox
                        checked={draft.turno_dias.includes(day)}
                        onCheckedChange={(v) =>
                          set({
                            turno_dias:
                              v === true ? [...draft.turno_dias, day].sort((a, b) => a - b) : draft.turno_dias.filter((d) => d !== day),
                          })
                        }
                      />
                      {name}
                    </label>
                  );
                })}
              </div>
              <FieldError message={errors.turno_dias} />
            </div>
          </fieldset>
        </form>
      )}
      {refusal && <FieldError message={refusal} />}
      <section aria-labelledby="parametros-combustibles" className="flex flex-col gap-2">
        <h2 id="parametros-combustibles" className="text-sm font-semibold">
          {P.fuels}
        </h2>
        <p className="text-xs text-slate-500">
          {P.fuelsHint} {P.fuelCount(checked.size)}
        </p>
        <DataTable
          label={P.fuels}
          columns={columns}
          data={insumos.data}
          loading={insumos.isLoading}
          getRowId={(r) => String(r.id)}
          defaultSort={[{ id: 'insumo_name', desc: false }]}
        />
      </section>
    </ListScreen>
  );
}
