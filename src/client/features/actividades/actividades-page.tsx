// LISTADO DE ACTIVIDADES (spec 000 §2, §6, §8): table sorted by the hidden created date-time descending, Excel
// and PDF export, 'Nuevo' (14), edit (15), delete (16) with confirmation.
import { useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { useDeleteFlow } from '@client/components/delete-flow';
import { DataTable } from '@client/components/data-table';
import { ListScreen } from '@client/components/list-screen';
import { NewButton } from '@client/components/new-button';
import { ActividadDialog } from './actividad-dialog';
import { useActividades, useDeleteActividad, type ActividadRow } from './api';
import { actividadColumns } from './columns';

const L = LABELS.actividades;
const DEFAULT_SORT = [{ id: 'created_at', desc: true }];

export default function ActividadesPage() {
  const list = useActividades();
  const remove = useDeleteActividad();
  const { ask: askDelete, dialog: deleteDialog } = useDeleteFlow((row: ActividadRow) => remove.mutateAsync(row.id));
  const [editing, setEditing] = useState<{ row: ActividadRow | null } | null>(null);

  const columns = useMemo(() => actividadColumns({ onEdit: (row) => setEditing({ row }), onDelete: askDelete }), [askDelete]);

  return (
    <ListScreen title={L.title} offline={list.offline}>
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
      {deleteDialog}
    </ListScreen>
  );
}
