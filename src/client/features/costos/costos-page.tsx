// LISTADO DE COSTOS: description, hidden details, status; Excel and PDF export; 'Nuevo'
// (27), edit (28), delete (29) with confirmation; a refused delete (a schedule whose services are in daily
// reports) shows the server's message.
import { useMemo } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { useCostos, useDeleteCosto, type CostoRow } from './api';
import { costoColumns } from './columns';
import { CostoDialog } from './costo-dialog';

const L = LABELS.costos;
const DEFAULT_SORT = [{ id: 'created_at', desc: true }];

export default function CostosPage() {
  const list = useCostos();
  const remove = useDeleteCosto();
  const crud = useCrudList((row: CostoRow) => remove.mutateAsync(row.id));
  const { edit, askDelete } = crud;
  const columns = useMemo(() => costoColumns({ onEdit: edit, onDelete: askDelete }), [edit, askDelete]);

  return (
    <CrudListScreen
      title={L.title}
      fileName={L.fileName}
      list={list}
      crud={crud}
      columns={columns}
      defaultSort={DEFAULT_SORT}
      newCode={ROLE.costoNuevo}
    >
      {crud.open && <CostoDialog onClose={crud.close} row={crud.target} />}
    </CrudListScreen>
  );
}
