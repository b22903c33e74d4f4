// Columns of LISTADO DE FALLAS: number (with the outbox badge), plate, description, detail (hidden),
// date, status badge, plus the photos' thumbnails; actions: edit (33), delete (34, only while PENDIENTE) for saved
// rows, 'Abrir y corregir' for rejected outbox rows. On a tablet the status stays in view; the date, then the
// photos fold into the row's detail.
import { useMemo } from 'react';
import { ClipboardList } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import type { DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { Badge } from '@client/components/ui/badge';
import { formatDate } from '@client/lib/format';
import { useOutboxFiles, type WithPending } from '@client/offline';
import { PendingKeyCell, pendingActionsColumn, type PendingRowActions } from '@client/offline/ui';
import { fallaStateLabel, useFotos, type FallaRow } from './api';
import { PhotoThumbs, type PhotoSource } from './photos';

const F = LABELS.fallas;
const A = LABELS.almacen;
type Row = WithPending<FallaRow>;

export function FallaStateBadge({ value }: { value: number }) {
  return <Badge variant={value === 1 ? 'success' : 'warning'}>{fallaStateLabel(value)}</Badge>;
}

/** The row's photos: a saved failure's from the server, a pending one's from the device. */
function RowPhotos({ row }: { row: Row }) {
  const saved = useFotos(row._outboxId ? null : row.falla_id, row.nro_fotos > 0);
  const local = useOutboxFiles(row._outboxId);
  const photos = useMemo<PhotoSource[]>(
    () =>
      row._outboxId
        ? local.map((f) => ({ kind: 'local', key: f.id, blob: f.blob }))
        : (saved.data ?? []).map((f) => ({ kind: 'server', id: f.id })),
    [row._outboxId, local, saved.data],
  );
  if (photos.length === 0) return row.nro_fotos > 0 ? <span className="text-xs text-muted-foreground">{row.nro_fotos}</span> : null;
  return <PhotoThumbs photos={photos} size="sm" className="gap-1" />;
}

/** The row actions, and 'Crear orden de trabajo' on a pending failure (code 71: the work orders screen opens with it). */
export function fallaColumns(actions: PendingRowActions<FallaRow> & { onOrden?: (row: FallaRow) => void }): DataColumnDef<Row>[] {
  return [
    {
      accessorKey: 'falla_id',
      header: F.number,
      cell: ({ row }) => (
        <span className="tabular-nums">
          <PendingKeyCell mark={row.original._pending}>{row.original.falla_id > 0 ? row.original.falla_id : ''}</PendingKeyCell>
        </span>
      ),
      meta: { className: 'w-20', exportValue: (r) => (r._pending ? r._pending : String(r.falla_id)), priority: 1 },
    },
    { accessorKey: 'placa', header: A.plate, meta: { className: 'w-28 whitespace-nowrap', priority: 1 } },
    { accessorKey: 'descripcion', header: F.description, meta: { priority: 1 } },
    { accessorKey: 'detalle', header: A.details, meta: { hidden: true } },
    {
      id: 'fotos',
      accessorKey: 'nro_fotos',
      header: F.photos,
      enableSorting: false,
      cell: ({ row }) => <RowPhotos row={row.original} />,
      meta: { className: 'w-36', searchable: false, exportValue: (r) => String(r.nro_fotos), priority: 3 },
    },
    {
      accessorKey: 'fecha',
      header: A.date,
      cell: ({ row }) => formatDate(row.original.fecha),
      meta: { className: 'w-28 whitespace-nowrap', priority: 1 },
    },
    {
      accessorKey: 'estado',
      header: A.state,
      cell: ({ row }) => <FallaStateBadge value={row.original.estado} />,
      meta: { align: 'center', className: 'w-28', exportValue: (r) => fallaStateLabel(r.estado), priority: 1 },
    },
    pendingActionsColumn<FallaRow>(actions.onFix, (r) => (
      <RowActions
        editCode={ROLE.fallaEditar}
        deleteCode={ROLE.fallaEliminar}
        onEdit={() => actions.onEdit(r)}
        // The delete button appears only while the failure is pending.
        onDelete={r.estado === 0 ? () => actions.onDelete(r) : undefined}
        actions={[
          r.estado === 0 &&
            actions.onOrden && {
              label: LABELS.ordenes.createFromFailure,
              icon: ClipboardList,
              code: ROLE.ordenNueva,
              onClick: () => actions.onOrden?.(r),
            },
        ]}
      />
    )),
  ];
}
