// 'Nueva orden de trabajo' (code 71): machine, priority, description, planned date, assigned staff, machine stopped
// and the checklist items (one per line). Opened from a failure (its machine and description, CORRECTIVA) or a due
// task (its machine, PREVENTIVA, the task's checklist is added by the server). The uid is made here, so a create
// saved offline and the execution saves after it address the same order.
import { useEffect, useMemo, useState } from 'react';
import { fallasApi } from '@shared/contract/fallas';
import { ORDEN_PRIORIDADES, ordenCreateBody } from '@shared/contract/ordenestrabajo';
import { LABELS, MSG } from '@shared/messages';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { DateField, SelectField, TextField } from '@client/components/form-field';
import { saveErrorMessage, useFormGate } from '@client/components/form-gate';
import { FormModal } from '@client/components/form-modal';
import { maquinariaOptions } from '@client/components/maquinaria-options';
import { SearchableSelect } from '@client/components/searchable-select';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { call } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { useTecnicos, type OrdenMeta, type OrdenSave } from './api';
import { useSaveOrden } from './offline';

const L = LABELS.ordenes;

/** Where a new order comes from besides the hand: a failure or a due task (a prop or the page's search). */
export type OrdenOrigen =
  | { origen: 'FALLA'; falla_id: number }
  | { origen: 'PLAN'; tarea_id: number; maquinaria_id: number; descripcion: string; checklist?: string[] };

const FIELDS = {
  maquinaria_id: L.machine,
  prioridad: L.priority,
  descripcion: L.description,
  fecha_programada: L.plannedDate,
  asignados: L.assigned,
  items_checklist: L.checklist,
};

/** A new order's save body (nothing executed yet). */
export function newOrden(v: Pick<OrdenSave, 'maquinaria_id' | 'descripcion'> & Partial<OrdenSave>): OrdenSave {
  return {
    uid: crypto.randomUUID(),
    saved: false,
    origen: 'MANUAL',
    tarea_id: null,
    falla_id: null,
    tipo: null,
    prioridad: 'MEDIA',
    fecha_programada: null,
    asignados: [],
    maquina_detenida: false,
    items_checklist: [],
    estado: 'ABIERTA',
    inicio: null,
    fin: null,
    checklist: [],
    mano_obra: [],
    repuestos: [],
    horometro_cierre: null,
    notas: null,
    motivo_anulacion: null,
    ...v,
  };
}

export function OrdenCreateDialog({ origen, onClose }: { origen: OrdenOrigen | null; onClose: () => void }) {
  const save = useSaveOrden();
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const tecnicos = useTecnicos();
  const [maquinariaId, setMaquinariaId] = useState<number>(origen?.origen === 'PLAN' ? origen.maquinaria_id : 0);
  const [prioridad, setPrioridad] = useState<OrdenSave['prioridad']>('MEDIA');
  const [descripcion, setDescripcion] = useState(origen?.origen === 'PLAN' ? origen.descripcion : '');
  const [fecha, setFecha] = useState('');
  const [asignados, setAsignados] = useState<number[]>([]);
  const [detenida, setDetenida] = useState(false);
  const [items, setItems] = useState('');
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const touch = () => setDirty(true);

  // From a failure: its machine and description (online; offline the form says why it cannot).
  const fallaId = origen?.origen === 'FALLA' ? origen.falla_id : null;
  useEffect(() => {
    if (fallaId === null) return;
    call(fallasApi.get, { params: { id: fallaId } })
      .then((f) => {
        setMaquinariaId(f.maquinaria_id);
        setDescripcion(f.descripcion);
      })
      .catch((e: unknown) => setError(saveErrorMessage(e)));
  }, [fallaId]);

  const [uid] = useState(() => crypto.randomUUID());
  const body = useMemo(
    () =>
      newOrden({
        uid,
        origen: origen?.origen ?? 'MANUAL',
        falla_id: fallaId,
        tarea_id: origen?.origen === 'PLAN' ? origen.tarea_id : null,
        maquinaria_id: maquinariaId,
        prioridad,
        descripcion,
        fecha_programada: fecha || null,
        asignados,
        maquina_detenida: detenida,
        items_checklist: items
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean),
      }),
    [uid, origen, fallaId, maquinariaId, prioridad, descripcion, fecha, asignados, detenida, items],
  );
  const gate = useFormGate({ schema: ordenCreateBody, values: body, labels: FIELDS });
  const options = useMemo(() => maquinariaOptions(maquinarias.data), [maquinarias.data]);
  const machine = maquinarias.data?.find((m) => m.id === maquinariaId);

  return (
    <FormModal
      title={origen?.origen === 'FALLA' ? L.createFromFailure : L.create}
      onClose={onClose}
      width="lg"
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      error={error}
      onSubmit={async () => {
        const meta: OrdenMeta = {
          placa: machine?.placa ?? '',
          maquinaria: machine?.descripcion ?? '',
          horometro: machine?.horometro ?? true,
          codigo: '',
          asignados_text: (tecnicos.data ?? [])
            .filter((t) => asignados.includes(t.usuario_id))
            .map((t) => t.nombre)
            .join(', '),
          // The server puts the task's checklist before the typed items; a queued create shows them so meanwhile.
          ...(origen?.origen === 'PLAN' && origen.checklist?.length ? { tarea_checklist: origen.checklist } : {}),
        };
        const res = await save(body, meta);
        if (res.queued) toast.info(MSG.savedOffline);
        else toast.success(MSG.saved);
        onClose();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Label htmlFor="ot-maquina" required>
            {L.machine}
          </Label>
          <SearchableSelect
            id="ot-maquina"
            options={options}
            value={maquinariaId || null}
            onChange={(v) => (setMaquinariaId(v), touch())}
            emptyText={LABELS.noRecords}
            disabled={origen !== null}
            required
          />
        </div>
        <SelectField
          label={L.priority}
          value={prioridad}
          onChange={(e) => (setPrioridad(e.target.value as OrdenSave['prioridad']), touch())}
          options={ORDEN_PRIORIDADES.map((p) => ({ value: p, label: p }))}
        />
        <DateField label={L.plannedDate} value={fecha} onValueChange={(v) => (setFecha(v), touch())} />
        <TextField
          className="sm:col-span-2"
          label={L.description}
          value={descripcion}
          maxLength={250}
          required
          onChange={(e) => (setDescripcion(e.target.value), touch())}
          error={gate.errorAt('descripcion')}
        />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{L.assigned}</legend>
        <div className="flex flex-wrap gap-x-4">
          {(tecnicos.data ?? []).map((t) => (
            <label key={t.usuario_id} className="flex min-h-11 items-center gap-2 text-sm">
              <Checkbox
                checked={asignados.includes(t.usuario_id)}
                onCheckedChange={(c) => {
                  setAsignados((a) => (c === true ? [...a, t.usuario_id] : a.filter((x) => x !== t.usuario_id)));
                  touch();
                }}
              />
              {t.nombre}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex min-h-11 items-center gap-2 text-sm" title={L.stoppedHint}>
        <Checkbox checked={detenida} onCheckedChange={(c) => (setDetenida(c === true), touch())} />
        {L.stopped}
      </label>
      <div>
        <Label htmlFor="ot-items">{L.checklist}</Label>
        <Textarea
          id="ot-items"
          rows={4}
          value={items}
          placeholder={L.checklistPlaceholder}
          onChange={(e) => (setItems(e.target.value), touch())}
        />
      </div>
    </FormModal>
  );
}
