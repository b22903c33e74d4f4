// LISTADO DE INGRESOS (spec 000 §2, §6, §8): date-range filter, sort by date then created date descending,
// Excel/PDF (landscape), 'Nuevo' (49), view (50), delete (51) with confirmation.
import { useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { useDeleteFlow } from '@client/components/delete-flow';
import { DataTable } from '@client/components/data-table';
import { DateRangeFilter, useDateRange } from '@client/components/date-range-filter';
import { ListScreen } from '@client/components/list-screen';
import { NewButton } from '@client/components/new-button';
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
  const { ask: askDelete, dialog: deleteDialog } = useDeleteFlow((row: IngresoRow) => remove.mutateAsync(row.id));
  const [dialog, setDialog] = useState<{ viewId: number | null } | null>(null);

  const columns = useMemo(() => ingresoColumns({ onView: (row) => setDialog({ viewId: row.id }), onDelete: askDelete }), [askDelete]);

  return (
    <ListScreen title={L.title} offline={list.offline}>
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
      {deleteDialog}
    </ListScreen>
  );
}
