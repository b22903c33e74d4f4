// "Actividad Log" (user menu): the audit log with user and date-range filters, Excel/PDF export and detail view.
import { useMemo, useState } from 'react';
import { LABELS } from '@shared/messages';
import { DataTable } from '@client/components/data-table';
import { DateRangeFilter, useDateRange } from '@client/components/date-range-filter';
import { ListScreen } from '@client/components/list-screen';
import { SelectFilter } from '@client/components/select-filter';
import { useAuditoria, useAuditUsers, type AuditoriaRow } from './api';
import { AuditoriaDialog } from './auditoria-dialog';
import { auditoriaColumns } from './columns';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const L = LABELS.auditoria;
const DEFAULT_SORT = [{ id: 'created_at', desc: true }];

export default function AuditoriaPage() {
  const [range, setRange] = useDateRange();
  const [usuarioId, setUsuarioId] = useState(0);
  const [viewing, setViewing] = useState<AuditoriaRow | null>(null);
  const list = useAuditoria({ usuarioId, fini: range.start, ffin: range.end });
  const users = useAuditUsers();
  const [seen, setSeen] = useState<Map<number, string>>(() => new Map());

  // Without access to the users list, the filter offers every user seen in the log so far.
  const rows = list.data;
  const known = useMemo(() => {
    const next = new Map(seen);
    for (const r of rows ?? []) if (r.user_id !== null && r.username) next.set(r.user_id, r.username);
    return next;
  }, [rows, seen]);
  if (known.size !== seen.size) setSeen(known);

  const options = useMemo(() => {
    const source = users.data ? users.data.map((u) => [u.id, u.username] as const) : [...known.entries()];
    return source.map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
  }, [users.data, known]);

  const columns = useMemo(() => auditoriaColumns(setViewing), []);

  return (
    <ListScreen title={L.title} offline={list.offline}>
      <DataTable
        label={L.title}
        columns={columns}
        data={rows}
        loading={list.isFetching}
        defaultSort={DEFAULT_SORT}
        exportConfig={{ fileName: L.fileName, title: L.title, orientation: 'landscape', subtitle: `${range.start} — ${range.end}` }}
        toolbarLeft={
          <>
            <SelectFilter label={L.user} value={usuarioId} onChange={setUsuarioId} options={options} />
            <DateRangeFilter value={range} onChange={setRange} maxMonths={RANGE_MONTHS.auditoria} />
          </>
        }
      />
      <AuditoriaDialog row={viewing} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}
