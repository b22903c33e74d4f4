// Cost modal: description, status and the service lines (description, price, unit, status) with
// the line sub-modal; removed saved lines go to `trash`. The head is validated by the contract's schema
// (costoBody); a line used by a daily report cannot be removed (the server refuses with 403 and says which), so
// its remove button is disabled here. A refused save shows the server's message in the modal; a disabled Grabar
// says which field to check; closing with changes (head or lines) asks first.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { costoBody } from '@shared/contract/costos';
import { LABELS, MSG } from '@shared/messages';
import { contractResolver } from '@client/components/form-gate';
import { FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { FormModal } from '@client/components/form-modal';
import { useFormGate } from '@client/components/form-gate';
import { LineItemTable, LineItemsHeader, type LineColumn } from '@client/components/line-item-table';
import { useMasterDetail } from '@client/components/use-master-detail';
import { ActiveStateBadge, ACTIVE_STATE_OPTIONS } from '@client/components/state-badge';
import { toast } from '@client/lib/toast';
import { useSaveCosto, type CostoLine, type CostoRow } from './api';
import { CostoLineDialog } from './costo-line-dialog';
import { formatMoney } from '@client/lib/format';

const L = LABELS.costos;

interface Head {
  descripcion: string;
  estado: number;
}

export interface CostoDialogProps {
  onClose: () => void;
  /** The schedule to edit (code 28); null creates one (code 27). */
  row: CostoRow | null;
}

/** Field labels by body path, for 'Para grabar, revise …'. */
const FIELDS: Record<string, string> = { descripcion: L.description, estado: L.state, costos_det: L.lines };

const linesOf = (row: CostoRow | null): CostoLine[] =>
  (row?.costos_det ?? []).map((l) => ({
    costo_det_id: l.costo_det_id,
    descripcion: l.descripcion,
    precio: l.precio,
    estado: l.estado,
    unidad: l.unidad,
    en_uso: l.en_uso,
  }));

export function CostoDialog({ onClose, row }: CostoDialogProps) {
  const save = useSaveCosto();
  const { register, handleSubmit, formState, trigger, watch } = useForm<Head>({
    resolver: contractResolver(costoBody),
    defaultValues: { descripcion: row?.descripcion ?? '', estado: row?.estado ?? 1 },
    ...FORM_VALIDATION,
  });
  // The schedule's row already holds its lines: nothing to load, the sub-modal and trash come from the kit.
  const md = useMasterDetail<CostoLine>({ editing: false, keyOf: (l) => l.costo_det_id, initialLines: linesOf(row) });
  const { lines, item } = md;

  // An existing schedule opens valid: Grabar is enabled without touching a field.
  useEffect(() => {
    if (row) void trigger();
  }, [row, trigger]);

  const head = watch();
  const body = {
    id: row?.id ?? null,
    descripcion: head.descripcion.trim(),
    estado: head.estado,
    costos_det: lines.lines,
    trash: md.trash.flatMap((l) => (l.costo_det_id ? [l.costo_det_id] : [])),
    editorMode: row ? ('editar' as const) : ('crear' as const),
  };
  const dirty = formState.isDirty || md.dirty;
  const gate = useFormGate({
    schema: costoBody,
    values: body,
    labels: FIELDS,
    worked: formState,
    // The server takes a schedule without services; the screen asks for one (a schedule is there to price them).
    extra: lines.lines.length === 0 ? { path: 'costos_det', message: L.noLines } : null,
  });

  // A refusal rejects: the modal shows the server's reason.
  const submit = handleSubmit(async () => {
    await save.mutateAsync(body);
    toast.success(MSG.operationOk);
    onClose();
  });

  const columns: LineColumn<CostoLine>[] = [
    { header: L.description, cell: (l) => l.descripcion },
    { header: L.price, cell: (l) => formatMoney(l.precio), align: 'right', className: 'tabular-nums' },
    { header: L.unit, cell: (l) => l.unidad, align: 'center' },
    { header: L.state, cell: (l) => <ActiveStateBadge value={l.estado} />, align: 'center' },
  ];

  const remove = (i: number) => {
    const line = lines.lines[i];
    if (line?.en_uso) toast.error(MSG.costLineInUse(line.descripcion));
    else lines.remove(i);
  };

  return (
    <FormModal
      title={row ? L.edit : L.create}
      width="lg"
      busy={save.isPending}
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      onClose={onClose}
      onSubmit={submit}
      outside={<CostoLineDialog open={item.open} onOpenChange={item.onOpenChange} line={item.line} onSubmit={item.submit} />}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={L.description}
          required
          autoFocus
          maxLength={200}
          className="sm:col-span-2"
          error={gate.errorAt('descripcion', formState.errors.descripcion?.message)}
          {...register('descripcion')}
        />
        <SelectField label={L.state} options={ACTIVE_STATE_OPTIONS} {...register('estado', { valueAsNumber: true })} />
      </div>
      <LineItemsHeader title={L.lines} addLabel={L.addLine} onAdd={item.openNew} />
      <LineItemTable
        columns={columns}
        lines={lines.lines}
        keys={lines.keys}
        onEdit={item.openEdit}
        onRemove={remove}
        emptyText={L.noLines}
      />
    </FormModal>
  );
}
