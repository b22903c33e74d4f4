// Exit modal: voucher number, date, machine, operator DNI typeahead, item table with the
// item sub-modal. react-hook-form holds the head fields and the contract's salidaBody judges the whole body (head and
// lines) here as on the server; Grabar is disabled while it is invalid and says why. An unknown operator DNI is
// flagged before saving; a voucher number another exit already carries gets a warning that does not block. The save
// goes through the offline outbox: online the usual result, offline 'Guardado en el dispositivo…'; a refusal shows
// the server's reason in the modal. 'Abrir y corregir' opens it with a rejected outbox item's body and resends the
// corrected copy. The form's state (head, lines, stock projection) is use-salida-form; the lines table salida-lines.
import { useCallback, useMemo, useState } from 'react';
import { salidaBody } from '@shared/contract/salidas';
import { formatDate } from '@client/lib/format';
import { LABELS, MSG } from '@shared/messages';
import { FormModal } from '@client/components/form-modal';
import { useFormGate } from '@client/components/form-gate';
import { DateField, SelectField, TextField } from '@client/components/form-field';
import { LineItemsHeader } from '@client/components/line-item-table';
import { toast } from '@client/lib/toast';
import type { TypedFix } from '@client/offline';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { MesCerradoNotice } from '@client/components/mes-cerrado';
import { maquinariaOptions } from '@client/components/maquinaria-options';
import { useValeUses, type SalidaSave } from './api';
import { useSaveSalida } from './offline';
import { OperadorField, type OperadorCheck, type OperadorValue } from '@client/components/operador-field';
import { SalidaItemDialog } from './salida-item-dialog';
import { SalidaLines } from './salida-lines';
import { useSalidaForm } from './use-salida-form';

const S = LABELS.salidas;
const A = LABELS.almacen;

/** Field labels by body path, for 'Para grabar, revise …'. */
const FIELDS: Record<string, string> = {
  nro_vale: S.voucher,
  fecha: A.date,
  maquinaria_id: A.machine,
  operador_dni: S.operatorDni,
  salidas_det: A.items,
};

export interface SalidaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Exit to edit (code 58); null creates one. Ignored when `fix` is given. */
  editId: number | null;
  /** 'Abrir y corregir': the rejected outbox item to correct and the call that sends the corrected copy. */
  fix?: TypedFix<SalidaSave> | null;
}

export function SalidaDialog({ open, onOpenChange, editId, fix }: SalidaDialogProps) {
  if (!open) return null;
  return (
    <SalidaEditor key={fix?.item.id ?? `e${editId}`} editId={fix ? null : editId} fix={fix ?? null} onClose={() => onOpenChange(false)} />
  );
}

function SalidaEditor({ editId, fix, onClose }: { editId: number | null; fix: TypedFix<SalidaSave> | null; onClose: () => void }) {
  const fixItem = fix?.item ?? null;
  const save = useSaveSalida();
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const { form, md, id, editorMode, availableAt, overLines } = useSalidaForm(editId, fix);
  const { register, setValue, watch, formState } = form;
  const { lines, trash } = md;
  const options = useMemo(() => maquinariaOptions(maquinarias.data), [maquinarias.data]);

  const head = watch();
  const operador: OperadorValue = { operador_id: head.operador_id, operador_dni: head.operador_dni, operador_name: head.operador_name };
  const setOperador = useCallback(
    (op: OperadorValue) => {
      const opts = { shouldDirty: true, shouldValidate: true } as const;
      setValue('operador_id', op.operador_id, opts);
      setValue('operador_name', op.operador_name, opts);
      setValue('operador_dni', op.operador_dni, opts);
    },
    [setValue],
  );
  const [check, setCheck] = useState<OperadorCheck>('none');

  // Voucher numbers may repeat (the spec does not forbid it), but a repeat is usually a typing slip: say so.
  const [valeTyped, setValeTyped] = useState(head.nro_vale);
  const valeUses = useValeUses(valeTyped);
  const otherUse = valeUses.data?.find((u) => u.id !== id);

  const body: SalidaSave = { id, ...head, nro_vale: head.nro_vale.trim(), salidas_det: lines.lines, trash, editorMode };
  const dirty = formState.isDirty || md.dirty;
  const gate = useFormGate({
    schema: salidaBody,
    values: body,
    labels: FIELDS,
    worked: formState,
    extra:
      check === 'notFound'
        ? { path: 'operador_dni', message: MSG.operatorNotFound }
        : check === 'checking'
          ? { path: 'operador_dni', message: LABELS.loading }
          : overLines.size > 0
            ? { path: 'salidas_det', message: MSG.quantityUnavailable }
            : null,
  });

  const submit = async () => {
    if (!md.loaded || !gate.valid) return;
    const m = maquinarias.data?.find((x) => x.id === body.maquinaria_id);
    const res = fix ? await fix.resend(body) : await save(body, { id, maquinaria: m?.descripcion ?? '', placa: m?.placa ?? '' });
    if (res.queued) toast.info(MSG.savedOffline);
    else toast.success(MSG.saved);
    onClose();
  };

  const errors = formState.errors;
  const title = fixItem ? S.fix : editId !== null ? S.edit : S.create;
  return (
    <FormModal
      title={title}
      width="xl"
      valid={md.loaded && gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      onClose={onClose}
      onSubmit={submit}
      loaded={md.loaded}
      loadFailed={md.loadFailed}
      outside={
        <SalidaItemDialog
          open={md.item.open}
          onOpenChange={md.item.onOpenChange}
          line={md.item.line}
          availableOf={(insumoId, stock) => availableAt(md.item.index ?? -1, insumoId, stock)}
          onSubmit={md.item.submit}
        />
      }
    >
      <div className="grid gap-3 md:grid-cols-4">
        <TextField
          label={S.voucher}
          required
          maxLength={30}
          error={gate.errorAt('nro_vale', errors.nro_vale?.message)}
          hint={
            otherUse ? <span className="text-amber-800">{MSG.voucherUsed(formatDate(otherUse.fecha), otherUse.placa)}</span> : undefined
          }
          {...register('nro_vale', { onBlur: (e: { target: { value: string } }) => setValeTyped(e.target.value) })}
        />
        <DateField
          label={A.date}
          required
          value={head.fecha}
          onValueChange={(fecha) => setValue('fecha', fecha, { shouldDirty: true, shouldValidate: true })}
        />
        <SelectField
          label={A.machine}
          required
          className="md:col-span-2"
          options={[{ value: 0, label: A.selectMachine }, ...options]}
          error={gate.errorAt('maquinaria_id', errors.maquinaria_id?.message)}
          value={head.maquinaria_id}
          onChange={(e) => setValue('maquinaria_id', Number(e.target.value), { shouldDirty: true, shouldValidate: true })}
        />
        <OperadorField
          value={operador}
          onChange={setOperador}
          onCheck={setCheck}
          error={gate.errorAt('operador_dni', errors.operador_dni?.message)}
        />
      </div>
      <MesCerradoNotice fecha={head.fecha} />
      <LineItemsHeader onAdd={md.item.openNew} />
      <SalidaLines
        lines={lines.lines}
        keys={lines.keys}
        overLines={overLines}
        availableAt={(i) => availableAt(i, lines.lines[i].insumo_id, lines.lines[i].stock)}
        onEdit={md.item.openEdit}
        onRemove={lines.remove}
      />
    </FormModal>
  );
}
