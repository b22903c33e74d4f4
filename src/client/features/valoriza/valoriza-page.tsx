// LISTADO DE VALORIZACIONES: start and end date filters, Excel and PDF (landscape) export,
// 'Nuevo' (19), per row edit (20), PDF in a new tab (21) and delete (22) with confirmation; a refused delete
// shows the server's message.
import { useMemo } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { DateRangeFilter, useDateRange } from '@client/components/date-range-filter';
import { toast } from '@client/lib/toast';
import { openValorizaPdf, useDeleteValoriza, useValorizas, type ValorizaRow } from './api';
import { valorizaColumns } from './columns';
import { ValorizaDialog } from './valoriza-dialog';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const V = LABELS.valoriza;
const DEFAULT_SORT = [
  { id: 'fecha', desc: true },
  { id: 'valoriza_id', desc: true },
];

export default function ValorizaPage() {
  const [range, setRange] = useDateRange();
  const list = useValorizas(range);
  const remove = useDeleteValoriza();
  const crud = useCrudList<ValorizaRow, number>((row) => remove.mutateAsync(row.valoriza_id));
  const { edit, askDelete } = crud;

  const columns = useMemo(
    () =>
      valorizaColumns({
        onEdit: (row) => edit(row.valoriza_id),
        onPdf: (row) => void openValorizaPdf(row.valoriza_id).catch(() => toast.error(V.pdfFailed)),
        onDelete: askDelete,
      }),
    [edit, askDelete],
  );

  return (
    <CrudListScreen
      title={V.title}
      fileName={V.listFileName}
      subtitle={`${range.start} - ${range.end}`}
      orientation="landscape"
      list={list}
      crud={crud}
      columns={columns}
      defaultSort={DEFAULT_SORT}
      getRowId={(r) => String(r.valoriza_id)}
      toolbarLeft={<DateRangeFilter value={range} onChange={setRange} maxMonths={RANGE_MONTHS.valoriza} />}
      newCode={ROLE.valorizaNuevo}
    >
      {crud.open && <ValorizaDialog editId={crud.target} onClose={crud.close} />}
    </CrudListScreen>
  );
}
