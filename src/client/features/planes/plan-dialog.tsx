// The plan editor of one machine (Nuevo plan / Editar plan): name, active, and its tasks in a table (trigger, margins,
// schedule, checklist, parts, next due) with the task sub-modal; removed stored tasks go to `trash`. The whole body
// is judged with the contract's plan schema; a refusal shows the server's reason in the modal.
import { useEffect, useMemo, useState } from 'react';
import { planBody, type PlanBody } from '@shared/contract/planes';
import { limaDate } from '@shared/domain/dates';
import { LABELS, MSG } from '@shared/messages';
import { TextField } from '@client/components/form-field';
import { useFormGate } from '@client/components/form-gate';
import { FormModal } from '@client/components/form-modal';
import { LineItemsHeader, LineItemTable, type LineColumn } from '@client/components/line-item-table';
import { Checkbox } from '@client/components/ui/checkbox';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { useMaquinariaParts, usePlanDetail, useSavePlan } from './api';
import { formatMeter } from './due-columns';
import { emptyTarea, proximoOf, tareaFormOf, tareaInputOf, triggerText, withScheduleEdit, type TareaForm } from './plan-form';
import { TareaDialog } from './tarea-dialog';

const L = LABELS.planes;
const FIELDS = { nombre: L.name, tareas: L.tasks };

export interface PlanDialogProps {
  /** The machine of a new plan (with its current meter), or the plan to edit. */
  machine: { id: number; placa: string; horometro: boolean; horometro_actual: number };
  planId: number | null;
  onClose: () => void;
}

const num = (s: string) => (s.trim() === '' ? null : Number(s));

export function PlanDialog({ machine, planId, onClose }: PlanDialogProps) {
  const session = useSession();
  const today = session?.date ?? limaDate();
  const detail = usePlanDetail(planId);
  const parts = useMaquinariaParts(machine.id);
  const save = useSavePlan();
  const [nombre, setNombre] = useState('');
  const [activo, setActivo] = useState(true);
  const [tareas, setTareas] = useState<TareaForm[]>([]);
  const [trash, setTrash] = useState<number[]>([]);
  const [dirty, setDirty] = useState(false);
  const [item, setItem] = useState<{ index: number | null; tarea: TareaForm } | null>(null);
  const loaded = planId === null || detail.data !== undefined;

  useEffect(() => {
    if (!detail.data) return;
    setNombre(detail.data.nombre);
    setActivo(detail.data.activo);
    setTareas(detail.data.tareas.map(tareaFormOf));
  }, [detail.data]);

  const body = useMemo(
    () => ({ maquinaria_id: machine.id, nombre, activo, tareas: tareas.map(tareaInputOf), trash }),
    [machine.id, nombre, activo, tareas, trash],
  );
  const gate = useFormGate({ schema: planBody, values: body, labels: FIELDS });
  const change = (fn: () => void) => {
    fn();
    setDirty(true);
  };
  const partName = (id: number) => parts.data?.find((p) => p.insumo_maq_id === id)?.insumo_name ?? `#${id}`;

  const columns: LineColumn<TareaForm>[] = [
    {
      header: L.task,
      cell: (t) => (
        <>
          <span className={t.activo ? '' : 'text-slate-400 line-through'}>{t.nombre}</span>
          <span className="block text-xs text-slate-500">
            {triggerText({ cada_medidor: num(t.cada_medidor), cada_dias: num(t.cada_dias) }, machine.horometro)} · {t.programacion}
          </span>
          {t.checklist.length > 0 && <span className="block text-xs text-slate-500">{`${L.checklist}: ${t.checklist.length}`}</span>}
          {t.insumos.length > 0 && <span className="block text-xs text-amber-800">{t.insumos.map(partName).join(', ')}</span>}
        </>
      ),
    },
    {
      header: L.nextMeter,
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (t) => formatMeter(proximoOf(t).proximo_medidor, machine.horometro),
    },
    { header: L.nextDate, align: 'center', className: 'whitespace-nowrap', cell: (t) => proximoOf(t).proximo_fecha ?? '' },
  ];

  return (
    <FormModal
      title={L.planTitle(machine.placa)}
      description={planId === null ? L.newPlan : L.editPlan}
      width="xl"
      loaded={loaded}
      loadFailed={detail.isError}
      valid={loaded && gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      busy={save.isPending}
      onClose={onClose}
      onSubmit={async () => {
        await save.mutateAsync({ id: planId, body: planBody.parse(body) as PlanBody });
        toast.success(MSG.saved);
        onClose();
      }}
      outside={
        item && (
          <TareaDialog
            tarea={item.tarea}
            editing={item.index !== null}
            horometro={machine.horometro}
            parts={parts.data ?? []}
            today={today}
            onClose={() => setItem(null)}
            onSave={(t) =>
              change(() =>
                setTareas((all) =>
                  item.index === null ? [...all, t] : all.map((x, i) => (i === item.index ? withScheduleEdit(x, t) : x)),
                ),
              )
            }
          />
        )
      }
    >
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_auto]">
        <TextField
          label={L.name}
          required
          maxLength={120}
          value={nombre}
          onChange={(e) => change(() => setNombre(e.target.value))}
          error={gate.errorAt('nombre')}
        />
        <label className="flex min-h-9 items-center gap-2 text-sm pointer-coarse:min-h-11">
          <Checkbox checked={activo} onCheckedChange={(v) => change(() => setActivo(v === true))} />
          {L.planActive}
        </label>
      </div>
      <LineItemsHeader
        title={L.tasks}
        addLabel={L.addTask}
        onAdd={() => setItem({ index: null, tarea: emptyTarea(today, machine.horometro_actual) })}
      />
      <LineItemTable
        columns={columns}
        lines={tareas}
        onEdit={(i) => setItem({ index: i, tarea: tareas[i] })}
        onRemove={(i) =>
          change(() => {
            const t = tareas[i];
            if (t.tarea_id) setTrash((x) => [...x, t.tarea_id as number]);
            setTareas((all) => all.filter((_, j) => j !== i));
          })
        }
      />
    </FormModal>
  );
}
