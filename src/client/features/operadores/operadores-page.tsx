// LISTADO DE OPERADORES: name, DNI, mobile, email, address; Excel and PDF export; 'Nuevo'
// (10), edit (11), delete (12) with confirmation; a delete refused (403: the operator has exits or daily reports)
// shows the server's message.
import { useMemo } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { useDeleteOperador, useOperadoresList, type OperadorRow } from './api';
import { operadorColumns } from './columns';
import { OperadorDialog } from './operador-dialog';

const L = LABELS.operadores;
const DEFAULT_SORT = [{ id: 'nombres', desc: false }];

export default function OperadoresPage() {
  const list = useOperadoresList();
  const remove = useDeleteOperador();
  const crud = useCrudList((row: OperadorRow) => remove.mutateAsync(row.operador_id));
  const { edit, askDelete } = crud;
  const columns = useMemo(() => operadorColumns({ onEdit: edit, onDelete: askDelete }), [edit, askDelete]);

  return (
    <CrudListScreen
      title={L.title}
      fileName={L.fileName}
      list={list}
      crud={crud}
      columns={columns}
      getRowId={(r) => String(r.operador_id)}
      defaultSort={DEFAULT_SORT}
      newCode={ROLE.operadorNuevo}
    >
      <OperadorDialog {...crud.dialogProps} row={crud.target} />
    </CrudListScreen>
  );
}
