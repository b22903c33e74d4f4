// COPIAR PLAN: the machines of the same kind as the plan's (same description, same meter type; the server checks it
// again), chosen with checkboxes; each copy starts today at that machine's current meter.
import { useMemo, useState } from 'react';
import type { MaquinariaRow } from '@shared/contract/maquinarias';
import type { PlanRow } from '@shared/contract/planes';
import { LABELS } from '@shared/messages';
import { FormModal } from '@client/components/form-modal';
import { maquinariaLabel } from '@client/components/maquinaria-options';
import { Checkbox } from '@client/components/ui/checkbox';
import { toast } from '@client/lib/toast';
import { useCopiarPlan } from './api';

const L = LABELS.planes;
const kind = (d: string) => d.trim().replace(/\s+/g, ' ').toUpperCase();

/** The machines a plan of `source` may be copied to. */
export function sameKind(source: Pick<MaquinariaRow, 'id' | 'descripcion' | 'horometro'>, all: readonly MaquinariaRow[]): MaquinariaRow[] {
  return all
    .filter((m) => m.id !== source.id && m.horometro === source.horometro && kind(m.descripcion) === kind(source.descripcion))
    .sort((a, b) => a.placa.localeCompare(b.placa, 'es'));
}

export function CopiarDialog({
  plan,
  source,
  machines,
  onClose,
}: {
  plan: PlanRow;
  source: MaquinariaRow;
  machines: readonly MaquinariaRow[];
  onClose: () => void;
}) {
  const [ids, setIds] = useState<number[]>([]);
  const copy = useCopiarPlan();
  const options = useMemo(() => sameKind(source, machines), [source, machines]);
  return (
    <FormModal
      title={L.copyTitle(plan.nombre)}
      description={L.copyHelp(source.descripcion)}
      width="md"
      valid={ids.length > 0}
      dirty={ids.length > 0}
      busy={copy.isPending}
      confirmLabel={L.copy}
      onClose={onClose}
      onSubmit={async () => {
        const res = await copy.mutateAsync({ id: plan.plan_id, body: { maquinarias: ids } });
        toast.success(res.message);
        onClose();
      }}
    >
      {options.length === 0 ? (
        <p className="text-sm text-slate-500">{L.copyNone}</p>
      ) : (
        <ul aria-label={L.copy} className="grid max-h-80 gap-x-4 overflow-y-auto rounded-md border border-border p-2 sm:grid-cols-2">
          {options.map((m) => (
            <li key={m.id}>
              <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm pointer-coarse:min-h-11">
                <Checkbox
                  checked={ids.includes(m.id)}
                  onCheckedChange={(v) => setIds((x) => (v === true ? [...x, m.id] : x.filter((y) => y !== m.id)))}
                />
                {maquinariaLabel(m)}
              </label>
            </li>
          ))}
        </ul>
      )}
    </FormModal>
  );
}
