// LISTADO DE INGRESOS: date-range filter, sort by date then created date descending, Excel/PDF (landscape), 'Nuevo'
// (49), view (50), delete (51) with confirmation. Loaded online, the newest entries' details are kept on the device
// to be viewed offline; offline, an entry without one says why it cannot open.
import { useMemo } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { DateRangeFilter, useDateRange } from '@client/components/date-range-filter';
import { useOfflineDetails } from '@client/components/offline-details';
import { ingresoDetailEntry, useDeleteIngreso, useIngresos, type IngresoRow } from './api';
import { ingresoColumns } from './columns';
import { IngresoDialog } from './ingreso-dialog';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const L = LABELS.ingresos;
const DEFAULT_SORT = [
  { id: 'fecha', desc: true },
  { id: 'created_at', desc: true },
];

export default function IngresosPage() {
  const [range, setRange] = useDateRange();
  const body = useMemo(() => ({ fini: range.start, ffin: range.end }), [range]);
  const list = useIngresos(body);
  const openDetail = useOfflineDetails(list.data, list.offline.fromCache, ingresoDetailEntry);
  const remove = useDeleteIngreso();
  const crud = useCrudList<IngresoRow, number>((row) => remove.mutateAsync(row.id));
  const { edit, askDelete } = crud;
  const columns = useMemo(
    () => ingresoColumns({ onView: (row) => openDetail(row, () => edit(row.id)), onDelete: askDelete }),
    [edit, askDelete, openDetail],
  );

  return (
    <CrudListScreen
      title={L.title}
      fileName={L.fileName}
      subtitle={`${range.start} - ${range.end}`}
      orientation="landscape"
      list={list}
      crud={crud}
      columns={columns}
      defaultSort={DEFAULT_SORT}
      toolbarLeft={<DateRangeFilter value={range} onChange={setRange} maxMonths={RANGE_MONTHS.ingresos} />}
      newCode={ROLE.ingresoNuevo}
    >
      <IngresoDialog {...crud.dialogProps} viewId={crud.target} />
    </CrudListScreen>
  );
}
