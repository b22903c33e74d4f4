// LISTADO DE PARTES DIARIOS (under Valorizaciones): machine ('Todos') and date filters, billed /
// unbilled status, Excel/PDF (landscape); reports still in the device outbox merged in with a 'pendiente' /
// 'rechazado' badge; 'Nuevo' (23) opens the daily-report modal, saved through the outbox so it works without
// signal; edit (24) and delete (25) while unbilled; 'Corregir lecturas' (74) with a reason on any stored report;
// 'Abrir y corregir' for a rejected one.
import { useMemo, useState } from 'react';
import { ROLE } from '@shared/auth/permissions';
import { limaDate } from '@shared/domain/dates';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { FilterChip, filterRange, useScreenFilter } from '@client/components/screen-filter';
import { useOutboxRows } from '@client/components/outbox-rows';
import { useSession } from '@client/lib/session';
import { MaquinariaDateToolbar, useMaquinariaDateFilters } from '@client/components/maquinaria-date';
import { itemOfRow, usePartes, type ParteItem, type ParteRow } from '@client/components/partes/parte-item';
import { useDeleteParte } from './api';
import { partesdiariosOffline } from './offline';
import { parteColumns } from './columns';
import { CorregirLecturasDialog } from './corregir-lecturas-dialog';
import { ParteSaveDialog } from './parte-save-dialog';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const P = LABELS.partes;
const keyOf = (r: ParteRow) => r.parte_id;
const DEFAULT_SORT = [
  { id: 'fecha', desc: true },
  { id: 'created_at', desc: true },
];

export default function PartesPage() {
  const session = useSession();
  // Opened from Inicio's 'Partes diarios sin valorizar': the server's unbilled filter, every date.
  const screenFilter = useScreenFilter(['sinValorizar']);
  const filters = useMaquinariaDateFilters(RANGE_MONTHS.partesdiarios, filterRange(screenFilter.filtro, RANGE_MONTHS.partesdiarios));
  const list = usePartes(screenFilter.filtro ? { ...filters.body, sin_valorizar: true } : filters.body);
  const outbox = useOutboxRows(list.data, partesdiariosOffline, filters.body, keyOf);
  const remove = useDeleteParte();
  const crud = useCrudList<ParteRow, ParteItem>((row) => remove.mutateAsync(row.parte_id));
  const { edit, askDelete } = crud;
  const { fix } = outbox;
  const [correcting, setCorrecting] = useState<ParteRow | null>(null);
  const columns = useMemo(
    () => parteColumns({ onEdit: (row) => edit(itemOfRow(row)), onDelete: askDelete, onFix: fix, onCorrect: setCorrecting }),
    [edit, askDelete, fix],
  );

  return (
    <CrudListScreen
      title={P.title}
      fileName={P.fileName}
      subtitle={`${filters.range.start} - ${filters.range.end}`}
      orientation="landscape"
      notice={<FilterChip filtro={screenFilter.filtro} onClear={screenFilter.clear} />}
      list={list}
      crud={crud}
      outbox={outbox}
      columns={columns}
      defaultSort={DEFAULT_SORT}
      toolbarLeft={<MaquinariaDateToolbar filters={filters} />}
      newCode={ROLE.parteDiarioNuevo}
    >
      {crud.open && <ParteSaveDialog item={crud.target} defaultFecha={session?.date ?? limaDate()} onClose={crud.close} />}
      {correcting && <CorregirLecturasDialog row={correcting} onClose={() => setCorrecting(null)} />}
    </CrudListScreen>
  );
}
