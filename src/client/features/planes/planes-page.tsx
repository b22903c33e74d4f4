// Planes (screen of code 35, beside the machinery list): the fleet's preventive tasks with their state (Vencida /
// Próxima / Al día), next due meter and date, current meter and forecast date, filtered by machine, state and forecast
// range, with Excel and PDF; a task is marked done from its row. With a machine chosen, its plans are listed with
// edit, copy to machines of the same kind and delete, and 'Nuevo plan'.
import { useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Copy, Pencil, Trash2 } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { ESTADOS_TAREA, type PlanRow, type VencimientosBody } from '@shared/contract/planes';
import type { EstadoTarea } from '@shared/domain/planes';
import { LABELS } from '@shared/messages';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { DataTable } from '@client/components/data-table';
import { useDeleteFlow } from '@client/components/delete-flow';
import { ListScreen } from '@client/components/list-screen';
import { maquinariaOptions } from '@client/components/maquinaria-options';
import { NewButton } from '@client/components/new-button';
import { RowActions } from '@client/components/row-actions';
import { SelectFilter } from '@client/components/select-filter';
import { DateInput } from '@client/components/ui/date-input';
import { Label } from '@client/components/ui/label';
import { Select } from '@client/components/ui/select';
import { useDeletePlan, usePlanesOf, useVencimientos, type VencimientoRow } from './api';
import { CopiarDialog } from './copiar-dialog';
import { dueColumns } from './due-columns';
import { HechaDialog } from './hecha-dialog';
import { PlanDialog } from './plan-dialog';

const L = LABELS.planes;
const SORT = [
  { id: 'estado', desc: false },
  { id: 'fecha_pronostico', desc: false },
];

export default function PlanesPage() {
  const machines = useCatalog(CATALOG.maquinarias);
  const [maquinariaId, setMaquinariaId] = useState(0);
  const [estado, setEstado] = useState<EstadoTarea | ''>('');
  const [fini, setFini] = useState('');
  const [ffin, setFfin] = useState('');
  const filter: VencimientosBody = useMemo(
    () => ({
      maquinaria_id: maquinariaId,
      estado: estado || null,
      fini: fini || null,
      ffin: ffin && (!fini || fini <= ffin) ? ffin : null,
    }),
    [maquinariaId, estado, fini, ffin],
  );
  const list = useVencimientos(filter);
  const plans = usePlanesOf(maquinariaId);
  const navigate = useNavigate();
  const [doneRow, setDoneRow] = useState<VencimientoRow | null>(null);
  const [editing, setEditing] = useState<{ maquinariaId: number; planId: number | null } | null>(null);
  const [copying, setCopying] = useState<PlanRow | null>(null);
  const remove = useDeletePlan();
  const { ask: askDelete, dialog: deleteDialog } = useDeleteFlow((p: PlanRow) => remove.mutateAsync(p.plan_id));
  const machineOf = (id: number) => machines.data?.find((m) => m.id === id);
  const chosen = machineOf(maquinariaId);
  const editMachine = editing ? machineOf(editing.maquinariaId) : undefined;
  const copySource = copying ? machineOf(copying.maquinaria_id) : undefined;

  const columns = useMemo(
    () =>
      dueColumns({
        onDone: setDoneRow,
        onEditPlan: (r) => setEditing({ maquinariaId: r.maquinaria_id, planId: r.plan_id }),
        // The orders screen opens its create dialog from the task (preventive, the task's checklist).
        // The task's checklist goes along, so an order made offline shows it before the server copies it.
        onOrden: (r) =>
          void navigate({
            to: '/ordentrabajo',
            search: { tarea: r.tarea_id, maquinaria: r.maquinaria_id, descripcion: r.tarea_nombre, checklist: r.checklist },
          }),
      }),
    [navigate],
  );

  const filters = (
    <div className="flex flex-wrap items-end gap-3">
      <SelectFilter
        label={L.machine}
        value={maquinariaId}
        onChange={setMaquinariaId}
        options={maquinariaOptions(machines.data)}
        allLabel={L.allMachines}
      />
      <div className="w-44">
        <Label htmlFor="planes-estado">{L.state}</Label>
        <Select id="planes-estado" value={estado} onChange={(e) => setEstado(e.target.value as EstadoTarea | '')}>
          <option value="">{L.allStates}</option>
          {ESTADOS_TAREA.map((s) => (
            <option key={s} value={s}>
              {L.estado[s]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="planes-fini">{L.dueFrom}</Label>
        <DateInput id="planes-fini" className="w-36" value={fini} onValueChange={setFini} />
      </div>
      <div>
        <Label htmlFor="planes-ffin">{L.dueTo}</Label>
        <DateInput id="planes-ffin" className="w-36" value={ffin} min={fini || undefined} onValueChange={setFfin} />
      </div>
    </div>
  );

  const planStrip = (
    <section aria-label={L.plansOf} className="rounded-md border border-border bg-slate-50 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-700">{chosen ? `${L.plansOf} ${chosen.placa}` : L.plansOf}</h2>
        {chosen && (
          <NewButton code={ROLE.planNuevo} label={L.newPlan} onClick={() => setEditing({ maquinariaId: chosen.id, planId: null })} />
        )}
      </div>
      {!chosen ? (
        <p className="text-sm text-slate-500">{L.choosePlan}</p>
      ) : plans.data?.length === 0 ? (
        <p className="text-sm text-slate-500">{L.noPlans}</p>
      ) : (
        <ul className="mt-2 flex flex-wrap gap-2">
          {plans.data?.map((p) => (
            <li key={p.plan_id} className="flex items-center gap-1 rounded-md border border-border bg-white py-1 pr-1 pl-3 text-sm">
              <span className={p.activo ? '' : 'text-slate-400 line-through'}>{p.nombre}</span>
              <span className="text-xs text-slate-500">({`${p.tareas} ${L.tasks.toLowerCase()}`})</span>
              <RowActions
                actions={[
                  {
                    label: `${L.editPlan}: ${p.nombre}`,
                    icon: Pencil,
                    code: ROLE.planNuevo,
                    className: 'text-amber-600',
                    onClick: () => setEditing({ maquinariaId: p.maquinaria_id, planId: p.plan_id }),
                  },
                  {
                    label: `${L.copy}: ${p.nombre}`,
                    icon: Copy,
                    code: ROLE.planNuevo,
                    className: 'text-sky-700',
                    onClick: () => setCopying(p),
                  },
                  {
                    label: `${L.deletePlan}: ${p.nombre}`,
                    icon: Trash2,
                    code: ROLE.planEliminar,
                    className: 'text-red-600',
                    destructive: true,
                    onClick: () => askDelete(p),
                  },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <ListScreen title={L.dueTitle} offline={list.offline} toolbar={planStrip}>
      <DataTable
        label={L.dueTitle}
        columns={columns}
        data={list.data}
        loading={list.isLoading}
        defaultSort={SORT}
        getRowId={(r) => String(r.tarea_id)}
        toolbarLeft={filters}
        exportConfig={{ fileName: L.dueFileName, title: L.dueTitle, orientation: 'landscape' }}
      />
      {doneRow && <HechaDialog row={doneRow} onClose={() => setDoneRow(null)} />}
      {editing && editMachine && <PlanDialog machine={editMachine} planId={editing.planId} onClose={() => setEditing(null)} />}
      {copying && copySource && (
        <CopiarDialog plan={copying} source={copySource} machines={machines.data ?? []} onClose={() => setCopying(null)} />
      )}
      {deleteDialog}
    </ListScreen>
  );
}
