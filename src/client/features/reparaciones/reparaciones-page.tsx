// LISTADO DE REPARACIONES, the same screen for reparacion/admin (new 39, edit 40, delete 41,
// action column) and the repair history report reporte_reparacion/reporte (read-only): machine ('Todos') and date
// filters, Excel and landscape PDF.
import { useMemo } from 'react';
import { useParams } from '@tanstack/react-router';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { MaquinariaDateToolbar, useMaquinariaDateFilters } from '@client/components/maquinaria-date';
import { useDeleteReparacion, useReparaciones, type ReparacionRow } from './api';
import { reparacionColumns } from './columns';
import { ReparacionDialog } from './reparacion-dialog';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const R = LABELS.reparaciones;
const DEFAULT_SORT = [
  { id: 'fecha', desc: true },
  { id: 'reparacion_id', desc: true },
];

export default function ReparacionesPage() {
  const { tipo } = useParams({ strict: false }) as { tipo?: string };
  const admin = tipo === 'admin';
  const filters = useMaquinariaDateFilters(RANGE_MONTHS.reparaciones);
  const list = useReparaciones(filters.body);
  const remove = useDeleteReparacion();
  const crud = useCrudList<ReparacionRow, number>((row) => remove.mutateAsync(row.reparacion_id));
  const { edit, askDelete } = crud;
  const columns = useMemo(
    () => reparacionColumns(admin ? { onEdit: (row) => edit(row.reparacion_id), onDelete: askDelete } : null),
    [admin, edit, askDelete],
  );

  return (
    <CrudListScreen
      key={admin ? 'admin' : 'reporte'}
      title={R.title}
      fileName={R.fileName}
      subtitle={`${filters.range.start} - ${filters.range.end}`}
      orientation="landscape"
      list={list}
      crud={crud}
      columns={columns}
      defaultSort={DEFAULT_SORT}
      getRowId={(r) => String(r.reparacion_id)}
      toolbarLeft={<MaquinariaDateToolbar filters={filters} />}
      newCode={admin ? ROLE.reparacionNuevo : undefined}
    >
      {admin && <ReparacionDialog {...crud.dialogProps} editId={crud.target} />}
    </CrudListScreen>
  );
}
