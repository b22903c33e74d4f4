// A task of the plan editor (sub-modal): name; every N hours/km and/or every M days; the due-soon margins; FIJA or
// FLOTANTE; the base date and reading the first due counts from; the checklist; the machine's wear parts it changes.
// Judged with the contract's task schema ('Para grabar, revise …').
import { useMemo, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { tareaBody, PROGRAMACIONES, type TareaInput } from '@shared/contract/planes';
import type { MaquinariaInsumo } from '@shared/contract/maquinarias';
import { LABELS } from '@shared/messages';
import { DateField, SelectField, TextField } from '@client/components/form-field';
import { useFormGate } from '@client/components/form-gate';
import { ItemModal } from '@client/components/form-modal';
import { NumericInput } from '@client/components/numeric-input';
import { Button, IconButton } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { FieldError } from '@client/components/ui/input';
import { tareaInputOf, type TareaForm } from './plan-form';

const L = LABELS.planes;

export interface TareaDialogProps {
  tarea: TareaForm;
  editing: boolean;
  horometro: boolean;
  parts: readonly MaquinariaInsumo[];
  today: string;
  onSave: (t: TareaForm) => void;
  onClose: () => void;
}

function Num({
  id,
  label,
  value,
  onChange,
  error,
  integer,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  integer?: boolean;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <NumericInput id={id} value={value} onValueChange={onChange} integer={integer} inputMode={integer ? 'numeric' : 'decimal'} />
      <FieldError message={error} />
    </div>
  );
}

export function TareaDialog({ tarea, editing, horometro, parts, today, onSave, onClose }: TareaDialogProps) {
  const [f, setF] = useState<TareaForm>(tarea);
  const set = <K extends keyof TareaForm>(k: K, v: TareaForm[K]) => setF((x) => ({ ...x, [k]: v }));
  const unit = horometro ? L.hours : L.km;
  const input: TareaInput = useMemo(() => tareaInputOf(f), [f]);
  const dirty = JSON.stringify(f) !== JSON.stringify(tarea);
  const labels = {
    nombre: L.taskName,
    cada_medidor: L.everyMeter(unit),
    cada_dias: L.everyDays,
    margen_medidor: L.marginMeter(unit),
    margen_dias: L.marginDays,
    base_fecha: L.baseDate,
    base_medidor: L.baseMeter,
    checklist: L.checklist,
  };
  const gate = useFormGate({ schema: tareaBody, values: input, labels });
  const togglePart = (id: number, on: boolean) => set('insumos', on ? [...f.insumos, id] : f.insumos.filter((x) => x !== id));
  return (
    <ItemModal
      open
      onOpenChange={(o) => !o && onClose()}
      editing={editing}
      title={editing ? L.editTask : L.newTask}
      canAdd={gate.valid}
      invalidReason={gate.addReason}
      dirty={dirty}
      width="lg"
      onAdd={() => onSave(f)}
    >
      <div className="flex flex-col gap-4">
        <TextField
          label={L.taskName}
          required
          maxLength={200}
          value={f.nombre}
          onChange={(e) => set('nombre', e.target.value)}
          error={gate.errorAt('nombre')}
        />
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Num
            id="t-cada-m"
            label={L.everyMeter(unit)}
            value={f.cada_medidor}
            onChange={(v) => set('cada_medidor', v)}
            error={gate.errorAt('cada_medidor')}
          />
          <Num
            id="t-cada-d"
            label={L.everyDays}
            integer
            value={f.cada_dias}
            onChange={(v) => set('cada_dias', v)}
            error={gate.errorAt('cada_dias')}
          />
          <Num
            id="t-mar-m"
            label={L.marginMeter(unit)}
            value={f.margen_medidor}
            onChange={(v) => set('margen_medidor', v)}
            error={gate.errorAt('margen_medidor')}
          />
          <Num
            id="t-mar-d"
            label={L.marginDays}
            integer
            value={f.margen_dias}
            onChange={(v) => set('margen_dias', v)}
            error={gate.errorAt('margen_dias')}
          />
        </div>
        <div className="grid gap-3 md:grid-cols-3">
          <SelectField
            label={L.schedule}
            options={PROGRAMACIONES.map((p) => ({ value: p, label: p }))}
            value={f.programacion}
            onChange={(e) => set('programacion', e.target.value as TareaForm['programacion'])}
          />
          <div>
            <DateField label={L.baseDate} value={f.base_fecha} max={today} onValueChange={(v) => set('base_fecha', v)} />
            <FieldError message={gate.errorAt('base_fecha')} />
          </div>
          <Num
            id="t-base-m"
            label={`${L.baseMeter} (${unit})`}
            value={f.base_medidor}
            onChange={(v) => set('base_medidor', v)}
            error={gate.errorAt('base_medidor')}
          />
        </div>
        <ul className="list-inside list-disc text-xs text-muted-foreground">
          <li>{L.scheduleHelp}</li>
          <li>{L.baseHelp}</li>
        </ul>
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-slate-700">{L.checklist}</legend>
          {f.checklist.map((c, i) => (
            <div key={i} className="flex items-center gap-2">
              <Input
                aria-label={`${L.checklistItem} ${i + 1}`}
                maxLength={200}
                value={c}
                onChange={(e) =>
                  set(
                    'checklist',
                    f.checklist.map((x, j) => (j === i ? e.target.value : x)),
                  )
                }
              />
              <IconButton
                aria-label={LABELS.remove}
                className="text-red-600 pointer-coarse:size-11"
                onClick={() =>
                  set(
                    'checklist',
                    f.checklist.filter((_, j) => j !== i),
                  )
                }
              >
                <X aria-hidden="true" />
              </IconButton>
            </div>
          ))}
          <div>
            <Button size="sm" variant="secondary" className="pointer-coarse:h-11" onClick={() => set('checklist', [...f.checklist, ''])}>
              <Plus aria-hidden="true" />
              {L.addItem}
            </Button>
          </div>
        </fieldset>
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-semibold text-slate-700">{L.parts}</legend>
          {parts.length === 0 && <p className="text-sm text-slate-500">{L.noParts}</p>}
          <div className="grid gap-x-4 sm:grid-cols-2">
            {parts.map((p) => (
              <label key={p.insumo_maq_id} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm pointer-coarse:min-h-11">
                <Checkbox checked={f.insumos.includes(p.insumo_maq_id)} onCheckedChange={(v) => togglePart(p.insumo_maq_id, v === true)} />
                <span>
                  {p.insumo_name} <span className="text-slate-500">({p.insumo_codigo})</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex min-h-9 items-center gap-2 text-sm pointer-coarse:min-h-11">
          <Checkbox checked={f.activo} onCheckedChange={(v) => set('activo', v === true)} />
          {L.active}
        </label>
      </div>
    </ItemModal>
  );
}
