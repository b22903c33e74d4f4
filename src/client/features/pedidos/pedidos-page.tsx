// LISTADO DE PEDIDOS (spec 000 §2, §6, §8): machine ('Todos') and date filters, Excel/PDF, 'Nuevo' (53),
// edit (54), delete (55) with confirmation (403 shows the server's message).
import { useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { useDeleteFlow } from '@client/components/delete-flow';
import { DataTable } from '@client/components/data-table';
import { ListScreen } from '@client/components/list-screen';
import { NewButton } from '@client/components/new-button';
import { MachineDateToolbar, useMachineDateFilters } from '@client/features/maquinarias/machine-date-filters';
import { useDeletePedido, usePedidos, type PedidoRow } from './api';
import { pedidoColumns } from './columns';
import { PedidoDialog } from './pedido-dialog';

const P = LABELS.pedidos;

export default function PedidosPage() {
  const filters = useMachineDateFilters();
  const list = usePedidos(filters.body);
  const remove = useDeletePedido();
  const { ask: askDelete, dialog: deleteDialog } = useDeleteFlow((row: PedidoRow) => remove.mutateAsync(row.pedido_id));
  const [dialog, setDialog] = useState<{ editId: number | null } | null>(null);

  const columns = useMemo(() => pedidoColumns({ onEdit: (row) => setDialog({ editId: row.pedido_id }), onDelete: askDelete }), [askDelete]);

  return (
    <ListScreen title={P.title} offline={list.offline}>
      <DataTable
        label={P.title}
        columns={columns}
        data={list.data}
        loading={list.isLoading}
        getRowId={(r) => String(r.pedido_id)}
        exportConfig={{ fileName: P.fileName, title: P.title, subtitle: `${filters.range.start} - ${filters.range.end}` }}
        toolbarLeft={<MachineDateToolbar filters={filters} />}
        toolbarRight={<NewButton code={ROLE.pedidoNuevo} onClick={() => setDialog({ editId: null })} />}
      />
      <PedidoDialog open={dialog !== null} onOpenChange={(o) => !o && setDialog(null)} editId={dialog?.editId ?? null} />
      {deleteDialog}
    </ListScreen>
  );
}
