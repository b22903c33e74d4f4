// MARCAR COMO HECHA: the day the task was done (not after today) and the machine's reading then (default today and its
// current meter), an optional observation; the task's checklist and the parts whose counters restart are shown. The
// server records the execution, moves the next due (fixed or floating) and changes the parts at that reading.
import { useMemo, useState } from 'react';
import { hechaBody, type HechaBody } from '@shared/contract/planes';
import { limaDate } from '@shared/domain/dates';
import { LABELS, MSG } from '@shared/messages';
import { DateField } from '@client/components/form-field';
import { useFormGate } from '@client/components/form-gate';
import { FormModal } from '@client/components/form-modal';
import { NumericInput } from '@client/components/numeric-input';
import { Label } from '@client/components/ui/label';
import { FieldError } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { useMarcarHecha, type VencimientoRow } from './api';
import { formatMeter } from './due-columns';

const L = LABELS.planes;
const FIELDS = { fecha: L.doneDate, medidor: L.doneMeter, observacion: L.observation };

export function HechaDialog({ row, onClose }: { row: VencimientoRow; onClose: () => void }) {
  const session = useSession();
  const today = session?.date ?? limaDate();
  const [fecha, setFecha] = useState(today);
  const [medidor, setMedidor] = useState(String(row.horometro_actual));
  const [observacion, setObservacion] = useState('');
  const done = useMarcarHecha();
  const body = useMemo(() => ({ fecha, medidor, observacion }), [fecha, medidor, observacion]);
  const dirty = fecha !== today || medidor !== String(row.horometro_actual) || observacion !== '';
  const schema = useMemo(() => hechaBody.refine((v) => v.fecha <= today, { message: MSG.planDoneFuture, path: ['fecha'] }), [today]);
  const gate = useFormGate({ schema, values: body, labels: FIELDS });
  return (
    <FormModal
      title={L.markDoneTitle(row.tarea_nombre)}
      description={`${row.placa} · ${row.plan_nombre}`}
      width="md"
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      busy={done.isPending}
      confirmLabel={L.markDone}
      onClose={onClose}
      onSubmit={async () => {
        await done.mutateAsync({ tareaId: row.tarea_id, body: schema.parse(body) as HechaBody });
        toast.success(MSG.saved);
        onClose();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <DateField label={L.doneDate} required value={fecha} max={today} onValueChange={setFecha} />
          <FieldError message={gate.errorAt('fecha')} />
        </div>
        <div>
          <Label htmlFor="hecha-medidor" required>
            {`${L.doneMeter} (${row.horometro ? L.hours : L.km})`}
          </Label>
          <NumericInput id="hecha-medidor" value={medidor} onValueChange={setMedidor} inputMode="decimal" />
          <p className="mt-1 text-xs text-muted-foreground">
            {L.currentMeter}: {formatMeter(row.horometro_actual, row.horometro)}
          </p>
          <FieldError message={gate.errorAt('medidor')} />
        </div>
      </div>
      {row.checklist.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-700">{L.checklist}</h3>
          <ul className="list-inside list-disc text-sm text-slate-700">
            {row.checklist.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
      {row.insumos.length > 0 && <p className="text-sm text-amber-800">{L.doneParts(row.insumos.length)}</p>}
      <div>
        <Label htmlFor="hecha-obs">{L.observation}</Label>
        <Textarea id="hecha-obs" maxLength={500} value={observacion} onChange={(e) => setObservacion(e.target.value)} />
      </div>
    </FormModal>
  );
}
