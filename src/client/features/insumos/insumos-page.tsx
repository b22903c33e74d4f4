// INSUMOS Y MATERIALES: read-only stock list with Excel and PDF export; no role-gated buttons.
import { LABELS } from '@shared/messages';
import { DataTable } from '@client/components/data-table';
import { ListScreen } from '@client/components/list-screen';
import { useInsumos } from './api';
import { insumoColumns } from './columns';

const L = LABELS.insumos;
const DEFAULT_SORT = [{ id: 'insumo_codigo', desc: false }];

export default function InsumosPage() {
  const list = useInsumos();
  return (
    <ListScreen title={L.title} offline={list.offline}>
      <DataTable
        label={L.title}
        columns={insumoColumns}
        data={list.data}
        loading={list.isLoading}
        defaultSort={DEFAULT_SORT}
        exportConfig={{ fileName: L.fileName, title: L.title, orientation: 'portrait' }}
      />
    </ListScreen>
  );
}
