// LISTADO DE SALIDAS (offline rows: docs/architecture.md): machine ('Todos') and date filters,
// Excel/PDF (landscape), rows still in the device outbox merged in with a 'pendiente' / 'rechazado' badge, 'Nuevo'
// (57), edit (58), delete (59) with confirmation, 'Abrir y corregir' for rejected rows. Loaded online, the newest
// exits' details are kept on the device so they can be edited offline; offline, an exit without one says why it
// cannot open.
import { useMemo } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { useOfflineDetails } from '@client/components/offline-details';
import { useOutboxRows } from '@client/components/outbox-rows';
import { MaquinariaDateToolbar, useMaquinariaDateFilters } from '@client/components/maquinaria-date';
import { salidaDetailEntry, useDeleteSalida, useSalidas, type SalidaRow } from './api';
import { salidasOffline } from './offline';
import { salidaColumns } from './columns';
import { SalidaDialog } from './salida-dialog';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const S = LABELS.salidas;
const keyOf = (r: SalidaRow) => r.id;

export default function SalidasPage() {
  const filters = useMaquinariaDateFilters(RANGE_MONTHS.salidas);
  const list = useSalidas(filters.body);
  const openDetail = useOfflineDetails(list.data, list.offline.fromCache, salidaDetailEntry);
  const outbox = useOutboxRows(list.data, salidasOffline, filters.body, keyOf);
  const remove = useDeleteSalida();
  const crud = useCrudList<SalidaRow, number>((row) => remove.mutateAsync(row.id));
  const { edit, askDelete } = crud;
  const { fix } = outbox;
  const columns = useMemo(
    () =>
      salidaColumns({
        onEdit: (row) => openDetail(row, () => edit(row.id)),
        onDelete: askDelete,
        onFix: fix,
      }),
    [edit, askDelete, fix, openDetail],
  );

  return (
    <CrudListScreen
      title={S.title}
      fileName={S.fileName}
      subtitle={`${filters.range.start} - ${filters.range.end}`}
      orientation="landscape"
      list={list}
      crud={crud}
      outbox={outbox}
      columns={columns}
      toolbarLeft={<MaquinariaDateToolbar filters={filters} />}
      newCode={ROLE.salidaNuevo}
    >
      <SalidaDialog {...crud.dialogProps} editId={crud.target} />
    </CrudListScreen>
  );
}
