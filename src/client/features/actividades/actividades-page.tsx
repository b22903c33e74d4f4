// LISTADO DE ACTIVIDADES: table sorted by the hidden created date-time descending, Excel
// and PDF export, 'Nuevo' (14), edit (15), delete (16) with confirmation.
import { useMemo } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { ActividadDialog } from './actividad-dialog';
import { useActividades, useDeleteActividad, type ActividadRow } from './api';
import { actividadColumns } from './columns';

const L = LABELS.actividades;
const DEFAULT_SORT = [{ id: 'created_at', desc: true }];

export default function ActividadesPage() {
  const list = useActividades();
  const remove = useDeleteActividad();
  const crud = useCrudList((row: ActividadRow) => remove.mutateAsync(row.id));
  const { edit, askDelete } = crud;
  const columns = useMemo(() => actividadColumns({ onEdit: edit, onDelete: askDelete }), [edit, askDelete]);

  return (
    <CrudListScreen
      title={L.title}
      fileName={L.fileName}
      list={list}
      crud={crud}
      columns={columns}
      defaultSort={DEFAULT_SORT}
      newCode={ROLE.actividadNuevo}
    >
      <ActividadDialog {...crud.dialogProps} row={crud.target} />
    </CrudListScreen>
  );
}
