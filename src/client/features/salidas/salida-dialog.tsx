// Exit modal (spec 000 §2, §5, §8): voucher number, date, machine, operator DNI typeahead, item table with the
// item sub-modal. Save is disabled while invalid and goes through the offline outbox: online the usual result,
// offline 'Guardado en el dispositivo…'. On error nothing is shown, except a 409 whose message names the supply
// that ran out. 'Abrir y corregir' opens it with a rejected outbox item's body and resends the corrected copy.
import { useEffect, useMemo, useState } from 'react';
import { LABELS, MSG } from '@shared/messages';
import { useLineItems } from '@client/components/line-items';
import { FormModal } from '@client/components/form-modal';
import { LineItemsHeader } from '@client/components/line-item-table';
import { isValidYmd } from '@client/lib/format';
import { limaDate } from '@shared/domain/dates';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { OutboxRejection, type OutboxFix } from '@client/offline';
import { DateField, SelectField, TextField } from '@client/components/form-field';
import { machineOptions, useMaquinarias } from '@client/features/maquinarias/api';
import { exitSaveErrorMessage, useSalida, useSaveSalida, type SalidaForm, type SalidaLine } from './api';
import { OperatorField, type OperatorValue } from './operator-field';
import { SalidaItemDialog } from './salida-item-dialog';
import { SalidaLines } from './salida-lines';
import { useExitAvailability } from './use-exit-availability';
import { useFreshStock } from './use-fresh-stock';

const S = LABELS.salidas;
const A = LABELS.almacen;

export interface SalidaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Exit to edit (code 58); null creates one. Ignored when `fix` is given. */
  editId: number | null;
  /** 'Abrir y corregir': the rejected outbox item to correct and the call that sends the corrected copy. */
  fix?: OutboxFix | null;
}

export function SalidaDialog({ open, onOpenChange, editId, fix }: SalidaDialogProps) {
  if (!open) return null;
  return (
    <SalidaEditor key={fix?.item.id ?? `e${editId}`} editId={fix ? null : editId} fix={fix ?? null} onClose={() => onOpenChange(false)} />
  );
}

interface Head extends OperatorValue {
  nro_vale: string;
  fecha: string;
  maquinaria_id: number;
}

const headOf = (b: Partial<SalidaForm>, fallbackDate: string): Head => ({
  nro_vale: b.nro_vale ?? '',
  fecha: b.fecha ?? fallbackDate,
  maquinaria_id: b.maquinaria_id ?? 0,
  operador_id: b.operador_id ?? null,
  operador_dni: b.operador_dni ?? '',
  operador_name: b.operador_name ?? '',
});

function SalidaEditor({ editId, fix, onClose }: { editId: number | null; fix: OutboxFix | null; onClose: () => void }) {
  const fixItem = fix?.item ?? null;
  const session = useSession();
  const save = useSaveSalida();
  const machines = useMaquinarias();
  const detail = useSalida(editId);
  const fixBody = (fixItem?.body ?? null) as SalidaForm | null;
  const [head, setHead] = useState<Head>(() => headOf(fixBody ?? {}, session?.date ?? limaDate()));
  const lines = useLineItems<SalidaLine>(fixBody?.salidas_det ?? [], (l) => l.salida_det_id);
  useFreshStock(fixItem !== null, lines.lines, lines.update);
  const [baseTrash] = useState<SalidaLine[]>(fixBody?.trash ?? []);
  const [loaded, setLoaded] = useState(editId === null);
  const [itemIndex, setItemIndex] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const { reset } = lines;
  useEffect(() => {
    if (loaded || !detail.data) return;
    setHead(headOf(detail.data, limaDate()));
    reset(detail.data.salidas_det.map((l) => ({ ...l, old_cantidad: l.cantidad, observacion: l.observacion ?? null })));
    setLoaded(true);
  }, [detail.data, loaded, reset]);

  const trash = useMemo(() => [...baseTrash, ...lines.trash], [baseTrash, lines.trash]);
  const { availableAt, overLines } = useExitAvailability({ lines: lines.lines, trash, excludeOutboxId: fixItem?.id });
  const options = useMemo(() => machineOptions(machines.data), [machines.data]);

  const editorMode = fixBody ? fixBody.editorMode : editId !== null ? 'editar' : 'crear';
  const id = fixBody ? fixBody.id : editId;
  const valid =
    loaded &&
    head.nro_vale.trim() !== '' &&
    isValidYmd(head.fecha) &&
    head.maquinaria_id > 0 &&
    /^\d{8}$/.test(head.operador_dni) &&
    lines.lines.length > 0 &&
    overLines.size === 0;

  const submit = async () => {
    if (!valid || busy) return;
    const form: SalidaForm = { id, ...head, nro_vale: head.nro_vale.trim(), salidas_det: lines.lines, trash, editorMode };
    const m = machines.data?.find((x) => x.id === head.maquinaria_id);
    setBusy(true);
    try {
      const res = fix ? await fix.resend(form) : await save(form, { id, maquinaria: m?.descripcion ?? '', placa: m?.placa ?? '' });
      if (res.queued) toast.info(MSG.savedOffline);
      else toast.success(MSG.saved);
      onClose();
    } catch (err) {
      // A correction refused again says why (the item stays rejected in Sincronización).
      const message = fix && err instanceof OutboxRejection ? err.message : exitSaveErrorMessage(err);
      if (message) toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const onItem = (line: SalidaLine) => {
    const i = itemIndex ?? -1;
    const old = lines.lines[i];
    if (!old) lines.add(line);
    else if (old.salida_det_id != null && old.insumo_id !== line.insumo_id) {
      // Another supply on a saved line: the saved line goes to trash (its stock returns) and a new line is added.
      lines.remove(i);
      lines.add({ ...line, salida_det_id: null, old_cantidad: 0 });
    } else lines.update(i, line);
  };

  const title = fixItem ? S.fix : editId !== null ? S.edit : S.create;
  return (
    <FormModal
      title={title}
      width="xl"
      busy={busy}
      valid={valid}
      onClose={onClose}
      onSubmit={() => void submit()}
      loaded={loaded}
      loadFailed={detail.isError}
      outside={
        <SalidaItemDialog
          open={itemIndex !== null}
          onOpenChange={(o) => !o && setItemIndex(null)}
          line={itemIndex !== null && itemIndex >= 0 ? (lines.lines[itemIndex] ?? null) : null}
          availableOf={(insumoId, stock) => availableAt(itemIndex ?? -1, insumoId, stock)}
          onSubmit={onItem}
        />
      }
    >
      <div className="grid gap-3 md:grid-cols-4">
        <TextField
          label={S.voucher}
          required
          maxLength={30}
          value={head.nro_vale}
          onChange={(e) => setHead({ ...head, nro_vale: e.target.value })}
        />
        <DateField label={A.date} required value={head.fecha} onValueChange={(fecha) => setHead({ ...head, fecha })} />
        <SelectField
          label={A.machine}
          required
          className="md:col-span-2"
          value={head.maquinaria_id}
          options={[{ value: 0, label: A.selectMachine }, ...options]}
          onChange={(e) => setHead({ ...head, maquinaria_id: Number(e.target.value) })}
        />
        <OperatorField value={head} onChange={(op) => setHead((h) => ({ ...h, ...op }))} />
      </div>
      <LineItemsHeader onAdd={() => setItemIndex(-1)} />
      <SalidaLines
        lines={lines.lines}
        keys={lines.keys}
        overLines={overLines}
        availableAt={(i) => availableAt(i, lines.lines[i].insumo_id, lines.lines[i].stock)}
        onEdit={setItemIndex}
        onRemove={lines.remove}
      />
    </FormModal>
  );
}
