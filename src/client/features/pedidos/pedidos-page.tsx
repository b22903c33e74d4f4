// LISTADO DE PEDIDOS: machine ('Todos') and date filters, Excel/PDF, 'Nuevo' (53), edit (54), delete (55) with
// confirmation (403 shows the server's message). Loaded online, the newest requests' details are kept on the device
// to be viewed offline; offline, a request without one says why it cannot open.
import { useMemo } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { useOfflineDetails } from '@client/components/offline-details';
import { FilterChip, filterRange, useScreenFilter } from '@client/components/screen-filter';
import { MaquinariaDateToolbar, useMaquinariaDateFilters } from '@client/components/maquinaria-date';
import { pedidoDetailEntry, useDeletePedido, usePedidos, type PedidoRow } from './api';
import { pedidoColumns } from './columns';
import { PedidoDialog } from './pedido-dialog';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const P = LABELS.pedidos;

export default function PedidosPage() {
  // Opened from Inicio's 'Pedidos pendientes de atención': only pending ones, every date.
  const screenFilter = useScreenFilter(['pedidosPendientes']);
  const filters = useMaquinariaDateFilters(RANGE_MONTHS.pedidos, filterRange(screenFilter.filtro, RANGE_MONTHS.pedidos));
  const list = usePedidos(filters.body);
  const rows = useMemo(
    () => (screenFilter.filtro ? list.data?.filter((r) => r.estado === 0) : list.data),
    [list.data, screenFilter.filtro],
  );
  const openDetail = useOfflineDetails(list.data, list.offline.fromCache, pedidoDetailEntry);
  const remove = useDeletePedido();
  const crud = useCrudList<PedidoRow, number>((row) => remove.mutateAsync(row.pedido_id));
  const { edit, askDelete } = crud;
  const columns = useMemo(
    () => pedidoColumns({ onEdit: (row) => openDetail(row, () => edit(row.pedido_id)), onDelete: askDelete }),
    [edit, askDelete, openDetail],
  );

  return (
    <CrudListScreen
      title={P.title}
      fileName={P.fileName}
      subtitle={`${filters.range.start} - ${filters.range.end}`}
      notice={<FilterChip filtro={screenFilter.filtro} onClear={screenFilter.clear} />}
      list={{ ...list, data: rows }}
      crud={crud}
      columns={columns}
      getRowId={(r) => String(r.pedido_id)}
      toolbarLeft={<MaquinariaDateToolbar filters={filters} />}
      newCode={ROLE.pedidoNuevo}
    >
      <PedidoDialog {...crud.dialogProps} editId={crud.target} />
    </CrudListScreen>
  );
}
