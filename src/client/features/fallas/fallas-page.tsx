// LISTADO DE FALLAS (offline rows: docs/architecture.md): machine ('Todos') and date filters,
// Excel/PDF, failures still in the device outbox merged in with a 'pendiente' / 'rechazado' badge and their photos,
// 'Nuevo' (32), edit (33), delete (34, only while PENDIENTE) with confirmation, 'Abrir y corregir' for rejected rows.
import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { FilterChip, filterRange, useScreenFilter } from '@client/components/screen-filter';
import { useOutboxRows } from '@client/components/outbox-rows';
import { MaquinariaDateToolbar, useMaquinariaDateFilters } from '@client/components/maquinaria-date';
import { useDeleteFalla, useFallas, type FallaRow } from './api';
import { fallasOffline } from './offline';
import { fallaColumns } from './columns';
import { FallaDialog } from './falla-dialog';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const F = LABELS.fallas;
const keyOf = (r: FallaRow) => r.falla_id;
const DEFAULT_SORT = [
  { id: 'fecha', desc: true },
  { id: 'falla_id', desc: true },
];

export default function FallasPage() {
  // Opened from Inicio's 'Fallas pendientes': only PENDIENTE ones, every date.
  const screenFilter = useScreenFilter(['fallasPendientes']);
  const filters = useMaquinariaDateFilters(RANGE_MONTHS.fallas, filterRange(screenFilter.filtro, RANGE_MONTHS.fallas));
  const list = useFallas(filters.body);
  const outbox = useOutboxRows(list.data, fallasOffline, filters.body, keyOf);
  const rows = useMemo(
    () => (screenFilter.filtro ? outbox.rows.filter((r) => r.estado === 0) : outbox.rows),
    [outbox.rows, screenFilter.filtro],
  );
  const remove = useDeleteFalla();
  const crud = useCrudList((row: FallaRow) => remove.mutateAsync(row.falla_id));
  const { edit, askDelete } = crud;
  const { fix } = outbox;
  const navigate = useNavigate();
  // A pending failure's work order: the orders screen opens its create dialog from it.
  const columns = useMemo(
    () =>
      fallaColumns({
        onEdit: edit,
        onDelete: askDelete,
        onFix: fix,
        onOrden: (r) => void navigate({ to: '/ordentrabajo', search: { falla: r.falla_id } }),
      }),
    [edit, askDelete, fix, navigate],
  );

  return (
    <CrudListScreen
      title={F.title}
      fileName={F.fileName}
      subtitle={`${filters.range.start} - ${filters.range.end}`}
      notice={<FilterChip filtro={screenFilter.filtro} onClear={screenFilter.clear} />}
      list={list}
      crud={crud}
      outbox={{ ...outbox, rows }}
      columns={columns}
      defaultSort={DEFAULT_SORT}
      toolbarLeft={<MaquinariaDateToolbar filters={filters} />}
      newCode={ROLE.fallaNuevo}
    >
      <FallaDialog {...crud.dialogProps} row={crud.target} />
    </CrudListScreen>
  );
}
