// Request modal: tab 'Datos generales' (machine plate, date, status, add-item button, item
// table) and tab 'Observación'. Status is PENDIENTE on create; in edit mode it is an editable select only with
// role 12. No client validators beyond the contract's pedidoBody (the server's own), which keeps Grabar disabled and
// says why; a refused save shows the server's reason in the modal.
import { useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { pedidoBody } from '@shared/contract/pedidos';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { useMasterDetail } from '@client/components/use-master-detail';
import { ROLE } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { LineItemsHeader, LineItemTable, type LineColumn } from '@client/components/line-item-table';
import { FormModal } from '@client/components/form-modal';
import { Label } from '@client/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Textarea } from '@client/components/ui/textarea';
import { limaDate } from '@shared/domain/dates';
import { useHasRole, useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { DateField, FORM_VALIDATION, SelectField } from '@client/components/form-field';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { maquinariaOptions } from '@client/components/maquinaria-options';
import { usePedido, useSavePedido, type PedidoDetail, type PedidoLine, type PedidoSave } from './api';
import { PedidoItemDialog } from './pedido-item-dialog';
import { formatMoney } from '@client/lib/format';

const P = LABELS.pedidos;
const A = LABELS.almacen;
const STATE_OPTIONS = LABELS.requestState.map((label, value) => ({ value, label }));
const FIELDS: Record<string, string> = { maquinaria_id: A.plate, fecha: A.date, pedidos_det: A.items, observacion: A.observation };

export interface PedidoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Request to edit (code 54); null creates one (code 53). */
  editId: number | null;
}

export function PedidoDialog({ open, onOpenChange, editId }: PedidoDialogProps) {
  if (!open) return null;
  return <PedidoEditor key={editId ?? 'new'} editId={editId} onClose={() => onOpenChange(false)} />;
}

const lineColumns: LineColumn<PedidoLine>[] = [
  { header: A.code, cell: (l) => l.insumo_codigo, className: 'whitespace-nowrap' },
  { header: A.description, cell: (l) => l.insumo_name },
  { header: A.quantity, cell: (l) => formatMoney(l.cantidad), align: 'right', className: 'tabular-nums' },
  { header: A.unit, cell: (l) => l.unimed_abrev, align: 'center' },
];

type Head = Pick<PedidoSave, 'maquinaria_id' | 'fecha' | 'estado' | 'observacion'>;

const headOf = (d: Partial<PedidoDetail>, fallbackDate: string): Head => ({
  maquinaria_id: d.maquinaria_id ?? 0,
  fecha: d.fecha ?? fallbackDate,
  estado: d.estado ?? 0,
  observacion: d.observacion ?? '',
});

function PedidoEditor({ editId, onClose }: { editId: number | null; onClose: () => void }) {
  const session = useSession();
  const canEditState = useHasRole(ROLE.pedidoEditarEstado);
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const detail = usePedido(editId);
  const save = useSavePedido();
  const editorMode = editId === null ? 'crear' : 'editar';
  const linesNow = useRef<{ lines: PedidoLine[]; trash: PedidoLine[] }>({ lines: [], trash: [] });
  const { register, reset, setValue, watch, formState } = useForm<Head>({
    defaultValues: headOf({}, session?.date ?? limaDate()),
    resolver: contractResolver<Head>(pedidoBody, () => ({
      pedidos_det: linesNow.current.lines,
      trash: linesNow.current.trash,
      editorMode,
    })),
    ...FORM_VALIDATION,
  });
  const md = useMasterDetail<PedidoLine, PedidoDetail>({
    detail: detail.data,
    editing: editId !== null,
    loadFailed: detail.isError,
    keyOf: (l) => l.pedido_det_id,
    onLoad: (d) => {
      reset(headOf(d, limaDate()));
      return d.pedidos_det;
    },
  });
  const { lines, trash } = md;
  linesNow.current = { lines: lines.lines, trash };
  const options = useMemo(() => maquinariaOptions(maquinarias.data), [maquinarias.data]);

  const head = watch();
  const body: PedidoSave = {
    pedido_id: editId,
    ...head,
    observacion: head.observacion?.trim() || null,
    pedidos_det: lines.lines,
    trash,
    editorMode,
  };
  const dirty = formState.isDirty || md.dirty;
  const gate = useFormGate({ schema: pedidoBody, values: body, labels: FIELDS, worked: formState });
  const errors = formState.errors;

  const submit = async () => {
    if (!md.loaded || !gate.valid) return;
    // A refusal (or no connection: requests are not queued offline, the form keeps what was typed) is shown by
    // the modal with its reason.
    await save.mutateAsync(body);
    toast.success(MSG.saved);
    onClose();
  };

  return (
    <FormModal
      title={editId === null ? P.create : P.edit}
      width="lg"
      valid={md.loaded && gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      onClose={onClose}
      onSubmit={submit}
      loaded={md.loaded}
      loadFailed={md.loadFailed}
      className=""
      outside={<PedidoItemDialog open={md.item.open} onOpenChange={md.item.onOpenChange} line={md.item.line} onSubmit={md.item.submit} />}
    >
      <Tabs defaultValue="general">
        <TabsList>
          <TabsTrigger value="general">{P.tabGeneral}</TabsTrigger>
          <TabsTrigger value="observacion">{P.tabObservation}</TabsTrigger>
        </TabsList>
        <TabsContent value="general" forceMount className="flex flex-col gap-4 data-[state=inactive]:hidden">
          <div className="grid gap-3 md:grid-cols-3">
            <SelectField
              label={A.plate}
              required
              options={[{ value: 0, label: A.selectMachine }, ...options]}
              error={gate.errorAt('maquinaria_id', errors.maquinaria_id?.message)}
              value={head.maquinaria_id}
              onChange={(e) => setValue('maquinaria_id', Number(e.target.value), { shouldDirty: true, shouldValidate: true })}
            />
            <DateField
              label={A.date}
              required
              value={head.fecha}
              onValueChange={(fecha) => setValue('fecha', fecha, { shouldDirty: true, shouldValidate: true })}
            />
            <SelectField
              label={A.state}
              disabled={editId === null || !canEditState}
              options={STATE_OPTIONS}
              value={head.estado ?? 0}
              onChange={(e) => setValue('estado', Number(e.target.value), { shouldDirty: true })}
            />
          </div>
          <LineItemsHeader onAdd={md.item.openNew} />
          <LineItemTable
            columns={lineColumns}
            lines={lines.lines}
            keys={lines.keys}
            onEdit={md.item.openEdit}
            onRemove={lines.remove}
            emptyText={MSG.entryNoLines}
          />
        </TabsContent>
        <TabsContent value="observacion" forceMount className="data-[state=inactive]:hidden">
          <Label htmlFor="pedido-observacion">{A.observation}</Label>
          <Textarea id="pedido-observacion" rows={6} maxLength={1000} {...register('observacion')} />
        </TabsContent>
      </Tabs>
    </FormModal>
  );
}
