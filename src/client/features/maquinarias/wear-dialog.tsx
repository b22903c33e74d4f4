// Wear-bar modal 'INSUMOS DE {descripcion} - {placa}': one bar per part with its hours and the
// forecast date to its limit, a checkbox per part and a select-all; 'Cambiar Insumos' (code 37) appears once a part
// is selected. The parts come from the server, or offline from the device copy (this machine's or the list's).
import { useMemo, useState } from 'react';
import { limaDate } from '@shared/domain/dates';
import { Replace } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { OfflineCopyNotice } from '@client/components/list-screen';
import { Modal } from '@client/components/modal';
import { IfRole } from '@client/components/row-actions';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { formatDate } from '@client/lib/format';
import { useOfflineInfo } from '@client/offline';
import { MAQUINARIAS_KEY, maquinariaInsumosKey, useMaquinariaInsumos, type MaquinariaInsumo, type MaquinariaRow } from './api';
import { CambiarDialog } from './cambiar-dialog';
import { meterUnitLabel } from './columns';
import { projectInsumos, usePendingMeterLines } from './meter-projection';
import { WearBar } from '@client/components/wear-bar';

const L = LABELS.maquinarias;

export function WearDialog({ machine, onClose }: { machine: MaquinariaRow; onClose: () => void }) {
  const query = useMaquinariaInsumos(machine.id);
  const [checked, setChecked] = useState<Set<number>>(() => new Set());
  const [changing, setChanging] = useState(false);
  const own = useOfflineInfo(maquinariaInsumosKey(machine.id));
  const listInfo = useOfflineInfo(MAQUINARIAS_KEY);
  const copyFrom = own.fromCache ? own.savedAt : listInfo.fromCache ? listInfo.savedAt : null;
  // The list row (already projected) is shown at once; the fresh answer replaces it, projected with the device's
  // pending daily reports of this machine.
  const pending = usePendingMeterLines(copyFrom ?? own.savedAt ?? query.dataUpdatedAt).get(machine.id);
  const parts: MaquinariaInsumo[] = useMemo(
    () => (query.data ? projectInsumos(query.data, machine.horometro, pending, limaDate()) : machine.insumos),
    [query.data, machine, pending],
  );
  const projected = query.data ? (pending?.length ?? 0) > 0 : !!(machine as { _pendiente?: number })._pendiente;
  const unit = meterUnitLabel(machine.horometro);

  // Only parts still listed count as selected (a refresh may remove one).
  const selected = useMemo(() => parts.filter((p) => checked.has(p.insumo_maq_id)), [parts, checked]);
  const all = parts.length > 0 && selected.length === parts.length;

  const toggle = (id: number, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={L.wearTitle(machine.descripcion, machine.placa)}
      width="lg"
      footer={
        <>
          <IfRole code={ROLE.maquinariaCambiarInsumos}>
            {selected.length > 0 && (
              <Button onClick={() => setChanging(true)}>
                <Replace aria-hidden="true" />
                {L.changeParts}
              </Button>
            )}
          </IfRole>
          <Button variant="outline" onClick={onClose}>
            {LABELS.close}
          </Button>
        </>
      }
    >
      {copyFrom ? <OfflineCopyNotice since={copyFrom} /> : null}
      {projected ? (
        <p role="note" className="mb-2 rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          {L.pendingParts}
        </p>
      ) : null}
      {parts.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{L.noParts}</p>
      ) : (
        <div className="flex flex-col gap-1">
          <label className="flex items-center gap-3 border-b border-border px-1 pb-2 text-sm font-semibold text-slate-700">
            <Checkbox
              aria-label={LABELS.selectAll}
              checked={all ? true : selected.length > 0 ? 'indeterminate' : false}
              onCheckedChange={(v) => setChecked(v === true ? new Set(parts.map((p) => p.insumo_maq_id)) : new Set())}
            />
            {LABELS.selectAll}
          </label>
          <ul className="flex flex-col" aria-label={L.wearTitle(machine.descripcion, machine.placa)}>
            {parts.map((p) => (
              <li key={p.insumo_maq_id} className="flex items-start gap-3 border-b border-border px-1 py-2.5 last:border-b-0">
                <Checkbox
                  className="mt-0.5"
                  aria-label={p.insumo_name}
                  checked={checked.has(p.insumo_maq_id)}
                  onCheckedChange={(v) => toggle(p.insumo_maq_id, v === true)}
                />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="text-sm font-semibold text-slate-800">
                      {p.insumo_name} <span className="font-normal text-slate-500">({p.insumo_codigo})</span>
                    </span>
                    <span className="text-xs text-slate-500">
                      {L.lastChange}: {p.last_date_mantenimiento ? formatDate(p.last_date_mantenimiento) : L.never}
                    </span>
                  </div>
                  <WearBar part={p} unit={unit} />
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
      {changing && selected.length > 0 && (
        <CambiarDialog
          machine={machine}
          parts={selected}
          onClose={(done) => {
            setChanging(false);
            if (done) setChecked(new Set());
          }}
        />
      )}
    </Modal>
  );
}
