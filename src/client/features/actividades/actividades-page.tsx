// LISTADO DE ACTIVIDADES (spec 000 §2, §6, §8): table sorted by the hidden created date-time descending, Excel
// and PDF export, 'Nuevo' (14), edit (15), delete (16) with confirmation.
import { useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { DataTable } from '@client/components/data-table';
import { ListScreen, OfflineCopyNotice } from '@client/components/list-screen';
import { NewButton } from '@client/components/new-button';
import { messageFor403 } from '@client/lib/query';
import { toast } from '@client/lib/toast';
import { ActividadDialog } from './actividad-dialog';
import { useActividades, useDeleteActividad, type ActividadRow } from './api';
import { actividadColumns } from './columns';

const L = LABELS.actividades;
const DEFAULT_SORT = [{ id: 'created_at', desc: true }];

export default function ActividadesPage() {
  const list = useActividades();
  const remove = useDeleteActividad();
  const [editing, setEditing] = useState<{ row: ActividadRow | null } | null>(null);
  const [deleting, setDeleting] = useState<ActividadRow | null>(null);

  const columns = useMemo(() => actividadColumns({ onEdit: (row) => setEditing({ row }), onDelete: (row) => setDeleting(row) }), []);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.info(MSG.deleted);
    } catch (err) {
      toast.error(messageFor403(err, MSG.deleteFailed));
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
        exportConfig={{ fileName: L.fileName, title: L.title }}
        toolbarRight={<NewButton code={ROLE.actividadNuevo} onClick={() => setEditing({ row: null })} />}
      />
      <ActividadDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} row={editing?.row ?? null} />
      <ConfirmDelete open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)} onConfirm={confirmDelete} />
    </ListScreen>
  );
}
