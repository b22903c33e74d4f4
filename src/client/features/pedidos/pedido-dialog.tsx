// Request modal (spec 000 §2, §4, §8): tab 'Datos generales' (machine plate, date, status, add-item button, item
// table) and tab 'Observación'. Status is PENDIENTE on create; in edit mode it is an editable select only with
// role 12. No client validators beyond what the API needs; on error nothing is displayed.
import { useEffect, useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { formatAmount } from '@shared/domain/money';
import { LABELS, MSG } from '@shared/messages';
import { LineItemsHeader, LineItemTable, type LineColumn } from '@client/components/line-item-table';
import { useLineItems } from '@client/components/line-items';
import { FormModal } from '@client/components/form-modal';
import { Label } from '@client/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Textarea } from '@client/components/ui/textarea';
import { isValidYmd } from '@client/lib/format';
import { limaDate } from '@shared/domain/dates';
import { useHasRole, useSession } from '@client/lib/session';
import { isNoConnection } from '@client/lib/api';
import { toast } from '@client/lib/toast';
import { DateField, SelectField } from '@client/components/form-field';
import { machineOptions, useMaquinarias } from '@client/features/maquinarias/api';
import { usePedido, useSavePedido, type PedidoLine } from './api';
import { PedidoItemDialog } from './pedido-item-dialog';

const P = LABELS.pedidos;
const A = LABELS.almacen;
const STATE_OPTIONS = LABELS.requestState.map((label, value) => ({ value, label }));

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
  { header: A.quantity, cell: (l) => formatAmount(l.cantidad), align: 'right', className: 'tabular-nums' },
  { header: A.unit, cell: (l) => l.unimed_abrev, align: 'center' },
];

function PedidoEditor({ editId, onClose }: { editId: number | null; onClose: () => void }) {
  const session = useSession();
  const canEditState = useHasRole(ROLE.pedidoEditarEstado);
  const machines = useMaquinarias();
  const detail = usePedido(editId);
  const save = useSavePedido();
  const [maquinariaId, setMaquinariaId] = useState(0);
  const [fecha, setFecha] = useState(session?.date ?? limaDate());
  const [estado, setEstado] = useState(0);
  const [observacion, setObservacion] = useState('');
  const lines = useLineItems<PedidoLine>([], (l) => l.pedido_det_id);
  const [loaded, setLoaded] = useState(editId === null);
  const [itemIndex, setItemIndex] = useState<number | null>(null);
  const options = useMemo(() => machineOptions(machines.data), [machines.data]);

  const { reset } = lines;
  useEffect(() => {
    const d = detail.data;
    if (loaded || !d) return;
    setMaquinariaId(d.maquinaria_id);
    setFecha(d.fecha);
    setEstado(d.estado);
    setObservacion(d.observacion ?? '');
    reset(d.pedidos_det);
    setLoaded(true);
  }, [detail.data, loaded, reset]);

  const valid = loaded && maquinariaId > 0 && isValidYmd(fecha) && lines.lines.length > 0;
  const busy = save.isPending;

  const submit = async () => {
    if (!valid || busy) return;
    try {
      await save.mutateAsync({
        pedido_id: editId,
        maquinaria_id: maquinariaId,
        fecha,
        observacion: observacion.trim() || null,
        estado,
        pedidos_det: lines.lines,
        trash: lines.trash,
        editorMode: editId === null ? 'crear' : 'editar',
      });
      toast.success(MSG.saved);
      onClose();
    } catch (err) {
      // Spec §8: a failed request save displays nothing; without a connection the clerk is told (requests are
      // not queued offline, and the form keeps what was typed).
      if (isNoConnection(err)) toast.error(MSG.saveFailedOffline);
    }
  };

  const onItem = (line: PedidoLine) => {
    const i = itemIndex ?? -1;
    if (i >= 0 && lines.lines[i]) lines.update(i, line);
    else lines.add(line);
  };

  return (
    <FormModal
      title={editId === null ? P.create : P.edit}
      width="lg"
      busy={busy}
      valid={valid}
      onClose={onClose}
      onSubmit={() => void submit()}
      loaded={loaded}
      loadFailed={detail.isError}
      className=""
      outside={
        <PedidoItemDialog
          open={itemIndex !== null}
          onOpenChange={(o) => !o && setItemIndex(null)}
          line={itemIndex !== null && itemIndex >= 0 ? (lines.lines[itemIndex] ?? null) : null}
          onSubmit={onItem}
        />
      }
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
              value={maquinariaId}
              options={[{ value: 0, label: A.selectMachine }, ...options]}
              onChange={(e) => setMaquinariaId(Number(e.target.value))}
            />
            <DateField label={A.date} value={fecha} onValueChange={setFecha} />
            <SelectField
              label={A.state}
              value={estado}
              disabled={editId === null || !canEditState}
              options={STATE_OPTIONS}
              onChange={(e) => setEstado(Number(e.target.value))}
            />
          </div>
          <LineItemsHeader onAdd={() => setItemIndex(-1)} />
          <LineItemTable
            columns={lineColumns}
            lines={lines.lines}
            keys={lines.keys}
            onEdit={setItemIndex}
            onRemove={lines.remove}
            emptyText={MSG.entryNoLines}
          />
        </TabsContent>
        <TabsContent value="observacion" forceMount className="data-[state=inactive]:hidden">
          <Label htmlFor="pedido-observacion">{A.observation}</Label>
          <Textarea
            id="pedido-observacion"
            rows={6}
            maxLength={1000}
            value={observacion}
            onChange={(e) => setObservacion(e.target.value)}
          />
        </TabsContent>
      </Tabs>
    </FormModal>
  );
}
