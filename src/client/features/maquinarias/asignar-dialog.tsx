// ASIGNAR INSUMOS: the parts already assigned (each removable after a confirmation, its hours editable in
// EDITAR HORAS DEL INSUMO), a part
// typeahead (that does not offer a part already assigned or listed) that fills the supply's default warning, alert
// and limit hours, 'Añadir' (disabled, saying why, until a part is chosen), the list of new parts and 'Grabar' (disabled while that list is empty), which sends
// the machine id with the new parts only. Closing with a part chosen or listed asks first; the disabled Grabar
// says a part is missing; a refused save shows the server's reason in the modal.
import { useId, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { contractResolver } from '@client/components/form-gate';
import { Plus } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { asignarInsumo, type AsignarInsumo } from '@shared/contract/maquinarias';
import { LABELS, MSG } from '@shared/messages';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { deleteErrorMessage } from '@client/components/delete-flow';
import { FORM_VALIDATION } from '@client/components/form-field';
import { FormModal } from '@client/components/form-modal';
import { LineItemTable, type LineColumn, type LineItemTableProps } from '@client/components/line-item-table';
import { useSaveRefusal } from '@client/components/save-refusal';
import { Typeahead } from '@client/components/typeahead';
import { Button } from '@client/components/ui/button';
import { Label } from '@client/components/ui/label';
import { useHasRole } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { searchInsumosSalida } from '@client/components/insumo-search';
import type { InsumoSearchSalida } from '@shared/contract/insumos';
import { searchHoras, useAsignarInsumos, useDeleteMaqInsumo, useMaquinariaInsumos, type MaquinariaInsumo, type MaquinariaRow } from './api';
import { HorasDialog } from './horas-dialog';
import { HoursField } from './hours-field';
import { saveErrorMessage } from './save-error';
import { formatHours } from '@client/components/wear-bar';

const L = LABELS.maquinarias;

/** No part chosen: the hours stay empty until search_horas fills them. */
const describeRefusal = (err: unknown) => saveErrorMessage(err, MSG.saveFailedMachine);

const EMPTY: DefaultValues<AsignarInsumo> = { insumo: 0, insumo_name: '', insumo_codigo: '' };

export function AsignarDialog({ machine, onClose }: { machine: MaquinariaRow; onClose: () => void }) {
  const parts = useMaquinariaInsumos(machine.id);
  const assigned = parts.data ?? machine.insumos;
  const save = useAsignarInsumos();
  const remove = useDeleteMaqInsumo(machine.id);
  const canRemove = useHasRole(ROLE.maquinariaAsignarInsumos);
  const [lines, setLines] = useState<AsignarInsumo[]>([]);
  const [text, setText] = useState('');
  const [removing, setRemoving] = useState<MaquinariaInsumo | null>(null);
  const [editing, setEditing] = useState<MaquinariaInsumo | null>(null);
  const form = useForm<AsignarInsumo, unknown, AsignarInsumo>({
    resolver: contractResolver<AsignarInsumo>(asignarInsumo),
    defaultValues: EMPTY,
    ...FORM_VALIDATION,
  });
  const { setValue, handleSubmit, reset, formState, watch } = form;
  const refusal = useSaveRefusal(describeRefusal);
  const chosen = watch('insumo');
  const addHintId = useId();

  const listed = (insumoId: number) => lines.some((l) => l.insumo === insumoId) || assigned.some((p) => p.insumo_id === insumoId);
  // A part the machine has, or one already in the new list, is not offered: adding it again would do nothing.
  const search = async (q: string, signal: AbortSignal) => (await searchInsumosSalida(q, signal)).filter((r) => !listed(r.id));

  const choose = async (item: InsumoSearchSalida) => {
    setValue('insumo', item.id);
    setValue('insumo_name', item.insumo_name);
    setValue('insumo_codigo', item.insumo_codigo);
    try {
      const h = await searchHoras(item.id);
      const opts = { shouldValidate: true } as const;
      setValue('hour_warning', h.horas_alerta.hour_warning, opts);
      setValue('hour_critical', h.horas_alerta.hour_critical, opts);
      setValue('hour_limite', h.horas_limite, opts);
    } catch {
      // No defaults: the user types the hours (the spec keeps assignment errors silent).
    }
  };

  const add = handleSubmit((values) => {
    // 'Añadir' ignores an empty choice and a part already listed (new or assigned).
    if (!values.insumo || listed(values.insumo)) return;
    setLines((prev) => [...prev, values]);
    reset(EMPTY);
    setText('');
  });

  const submit = async () => {
    if (lines.length === 0) return;
    await save.mutateAsync({ id: machine.id, insumos: lines });
    toast.success(MSG.saved);
    onClose();
  };

  const errors = formState.errors;
  const hoursError = errors.hour_critical?.message ?? errors.hour_limite?.message;
  return (
    <FormModal
      title={L.assignTitle}
      description={`${machine.placa} - ${machine.descripcion}`}
      width="xl"
      busy={save.isPending}
      valid={lines.length > 0}
      invalidReason={MSG.cannotSaveYet('', MSG.entryNoLines)}
      dirty={lines.length > 0 || Boolean(chosen)}
      error={refusal.error}
      onClose={onClose}
      onSubmit={() => refusal.guard(submit)}
      outside={
        <>
          {editing && <HorasDialog maquinariaId={machine.id} part={editing} onClose={() => setEditing(null)} />}
          <ConfirmDelete
            open={removing !== null}
            onOpenChange={(o) => !o && setRemoving(null)}
            onConfirm={async () => {
              if (!removing) return;
              try {
                await remove.mutateAsync(removing.insumo_maq_id);
                toast.info(MSG.deleted);
              } catch (err) {
                toast.error(deleteErrorMessage(err));
                throw err;
              }
            }}
          />
        </>
      }
    >
      {/* The part being added: Enter in its fields or 'Añadir' adds it (the modal's own form is the save). */}
      <div
        className="grid items-end gap-3 rounded-md border border-border bg-slate-50 p-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.defaultPrevented || !(e.target instanceof HTMLInputElement)) return;
          e.preventDefault();
          void add();
        }}
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <Label htmlFor="asignar-insumo">{L.supply}</Label>
          <Typeahead<InsumoSearchSalida>
            id="asignar-insumo"
            search={search}
            getKey={(s) => s.id}
            getLabel={(s) => `${s.insumo_codigo} - ${s.insumo_name}`}
            value={text}
            onInputChange={(t) => {
              setText(t);
              if (chosen) reset(EMPTY);
            }}
            onSelect={(s) => void choose(s)}
            placeholder={L.supplyPlaceholder}
          />
        </div>
        <HoursField form={form} name="hour_warning" label={L.warningHours} />
        <HoursField form={form} name="hour_critical" label={L.alertHours} />
        <HoursField form={form} name="hour_limite" label={L.limitHours} />
        <Button
          type="button"
          variant="secondary"
          disabled={!chosen}
          aria-describedby={chosen ? undefined : addHintId}
          onClick={() => void add()}
        >
          <Plus aria-hidden="true" />
          {LABELS.add}
        </Button>
        {!chosen && (
          <p id={addHintId} className="text-sm text-amber-800 sm:col-span-2 lg:col-span-5">
            {L.addPartHint}
          </p>
        )}
        {hoursError && (
          <p role="alert" className="text-xs text-destructive sm:col-span-2 lg:col-span-5">
            {hoursError}
          </p>
        )}
      </div>

      <PartsSection
        title={L.newPart}
        columns={NEW_COLUMNS}
        lines={lines}
        keys={lines.map((l) => String(l.insumo))}
        onRemove={(i) => setLines((prev) => prev.filter((_, j) => j !== i))}
      />
      <PartsSection
        title={L.assigned}
        columns={ASSIGNED_COLUMNS}
        lines={assigned}
        keys={assigned.map((p) => String(p.insumo_maq_id))}
        emptyText={L.noParts}
        onEdit={canRemove ? (i) => setEditing(assigned[i] ?? null) : undefined}
        onRemove={canRemove ? (i) => setRemoving(assigned[i] ?? null) : undefined}
      />
    </FormModal>
  );
}

const NEW_COLUMNS: LineColumn<AsignarInsumo>[] = [
  { header: LABELS.almacen.code, cell: (l) => l.insumo_codigo, className: 'whitespace-nowrap' },
  { header: L.supply, cell: (l) => l.insumo_name },
  { header: L.warningHours, cell: (l) => formatHours(l.hour_warning), align: 'right' },
  { header: L.alertHours, cell: (l) => formatHours(l.hour_critical), align: 'right' },
  { header: L.limitHours, cell: (l) => formatHours(l.hour_limite), align: 'right' },
];

const ASSIGNED_COLUMNS: LineColumn<MaquinariaInsumo>[] = [
  { header: LABELS.almacen.code, cell: (p) => p.insumo_codigo, className: 'whitespace-nowrap' },
  { header: L.supply, cell: (p) => p.insumo_name },
  { header: L.warningHours, cell: (p) => formatHours(p.horas_alerta.hour_warning), align: 'right' },
  { header: L.alertHours, cell: (p) => formatHours(p.horas_alerta.hour_critical), align: 'right' },
  { header: L.limitHours, cell: (p) => formatHours(p.horas_limite), align: 'right' },
  { header: L.used, cell: (p) => formatHours(p.contador), align: 'right' },
];

/** A titled table of parts: the new ones about to be assigned, or those the machine already has. */
function PartsSection<P>({ title, ...table }: { title: string } & LineItemTableProps<P>) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
      <LineItemTable {...table} />
    </section>
  );
}
