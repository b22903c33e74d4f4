// LISTADO DE INGRESOS (spec 000 §2, §6, §8): date-range filter, sort by date then created date descending,
// Excel/PDF (landscape), 'Nuevo' (49), view (50), delete (51) with confirmation.
import { useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { DataTable } from '@client/components/data-table';
import { DateRangeFilter, useDateRange } from '@client/components/date-range-filter';
import { ListScreen, OfflineCopyNotice } from '@client/components/list-screen';
import { NewButton } from '@client/components/new-button';
import { deleteErrorMessage } from '@client/features/catalogos/errors';
import { toast } from '@client/lib/toast';
import { useDeleteIngreso, useIngresos, type IngresoRow } from './api';
import { ingresoColumns } from './columns';
import { IngresoDialog } from './ingreso-dialog';

const L = LABELS.ingresos;
const DEFAULT_SORT = [
  { id: 'fecha', desc: true },
  { id: 'created_at', desc: true },
];

export default function IngresosPage() {
  const [range, setRange] = useDateRange();
  const body = useMemo(() => ({ fini: range.start, ffin: range.end }), [range]);
  const list = useIngresos(body);
  const remove = useDeleteIngreso();
  const [dialog, setDialog] = useState<{ viewId: number | null } | null>(null);
  const [deleting, setDeleting] = useState<IngresoRow | null>(null);

  const columns = useMemo(
    () => ingresoColumns({ onView: (row) => setDialog({ viewId: row.id }), onDelete: (row) => setDeleting(row) }),
    [],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.info(MSG.deleted);
    } catch (err) {
      toast.error(deleteErrorMessage(err));
      throw err;
    }
  };

  return (
    <ListScreen
      title={L.title}
      notice={list.offline.fromCache && list.offline.savedAt ? <OfflineCopyNotice since={list.offline.savedAt} /> : null}
    >
      <DataTable
        label={L.title}
        columns={columns}
        data={list.data}
        loading={list.isLoading}
        defaultSort={DEFAULT_SORT}
        exportConfig={{ fileName: L.fileName, title: L.title, subtitle: `${range.start} - ${range.end}`, orientation: 'landscape' }}
        toolbarLeft={<DateRangeFilter value={range} onChange={setRange} />}
        toolbarRight={<NewButton code={ROLE.ingresoNuevo} onClick={() => setDialog({ viewId: null })} />}
      />
      <IngresoDialog open={dialog !== null} onOpenChange={(o) => !o && setDialog(null)} viewId={dialog?.viewId ?? null} />
      <ConfirmDelete open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)} onConfirm={confirmDelete} />
    </ListScreen>
  );
}
