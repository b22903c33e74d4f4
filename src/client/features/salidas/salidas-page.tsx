// LISTADO DE SALIDAS (spec 000 §2, §6, §8; offline rows: docs/architecture.md): machine ('Todos') and date filters,
// Excel/PDF (landscape), rows still in the device outbox merged in with a 'pendiente' / 'rechazado' badge, 'Nuevo'
// (57), edit (58), delete (59) with confirmation, 'Abrir y corregir' for rejected rows. Loaded online, the newest
// exits' details are kept on the device so they can be edited offline; offline, an exit without one says why it
// cannot open.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS, MSG } from '@shared/messages';
import { toast } from '@client/lib/toast';
import { useDeleteFlow } from '@client/components/delete-flow';
import { DataTable } from '@client/components/data-table';
import { ListScreen } from '@client/components/list-screen';
import { NewButton } from '@client/components/new-button';
import { openOutboxEditor, useMergedRows, useOutbox, type WithPending } from '@client/offline';
import { MachineDateToolbar, useMachineDateFilters } from '@client/features/maquinarias/machine-date-filters';
import { hasDetailOffline, keepDetailsOffline, outboxRowFor, RESOURCE, useDeleteSalida, useSalidas, type SalidaRow } from './api';
import { salidaColumns } from './columns';
import { SalidaDialog } from './salida-dialog';

const S = LABELS.salidas;
type Row = WithPending<SalidaRow>;
const keyOf = (r: SalidaRow) => r.id;

export default function SalidasPage() {
  const filters = useMachineDateFilters();
  const list = useSalidas(filters.body);
  const fromDevice = list.offline.fromCache;
  useEffect(() => {
    if (list.data && !fromDevice) void keepDetailsOffline(list.data);
  }, [list.data, fromDevice]);
  const toRow = useMemo(() => outboxRowFor(filters.body), [filters.body]);
  const rows = useMergedRows(list.data, RESOURCE, toRow, { keyOf });
  const outbox = useOutbox();
  const remove = useDeleteSalida();
  const { ask: askDelete, dialog: deleteDialog } = useDeleteFlow((row: Row) => remove.mutateAsync(row.id));
  const [dialog, setDialog] = useState<{ editId: number | null } | null>(null);

  const outboxRef = useCallback((row: Row) => outbox.find((i) => i.id === row._outboxId), [outbox]);
  const columns = useMemo(
    () =>
      salidaColumns({
        onEdit: (row) => {
          const offline = fromDevice || (typeof navigator !== 'undefined' && navigator.onLine === false);
          void (offline ? hasDetailOffline(row.id) : Promise.resolve(true)).then((can) =>
            can ? setDialog({ editId: row.id }) : toast.info(MSG.detailNotOffline),
          );
        },
        onDelete: askDelete,
        onFix: (row) => {
          const item = outboxRef(row);
          if (item) openOutboxEditor(item);
        },
      }),
    [outboxRef, askDelete, fromDevice],
  );

  return (
    <ListScreen title={S.title} offline={list.offline}>
      <DataTable
        label={S.title}
        columns={columns}
        data={rows}
        loading={list.isLoading}
        getRowId={(r) => (r._outboxId ? `o-${r._outboxId}` : String(r.id))}
        rowClassName={(r) => (r._pending === 'rechazado' ? 'bg-red-50' : r._pending ? 'bg-amber-50' : undefined)}
        exportConfig={{
          fileName: S.fileName,
          title: S.title,
          subtitle: `${filters.range.start} - ${filters.range.end}`,
          orientation: 'landscape',
        }}
        toolbarLeft={<MachineDateToolbar filters={filters} />}
        toolbarRight={<NewButton code={ROLE.salidaNuevo} onClick={() => setDialog({ editId: null })} />}
      />
      <SalidaDialog open={dialog !== null} onOpenChange={(o) => !o && setDialog(null)} editId={dialog?.editId ?? null} />
      {deleteDialog}
    </ListScreen>
  );
}
