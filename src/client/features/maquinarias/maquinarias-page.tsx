// LISTADO DE MAQUINARIAS Y EQUIPOS PESADOS: one screen for the registry (maquinaria/admin),
// preventive maintenance (maquinaria/mantenimiento, mantenimiento_maquinaria/…) and the machinery control report
// (reporte_maquinaria/reporte). Plate descending, alerts per worn part, checkbox selection with 'Generar PDF' of the
// selected machines (none = all), Excel and the A4 portrait print list. Offline it shows the device copy; the wear
// view reads the same copy.
import { useMemo, useRef, useState } from 'react';
import { useLocation, useParams } from '@tanstack/react-router';
import { FileText, LoaderCircle } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { limaDate } from '@shared/domain/dates';
import { MAQUINARIA_TIPOS } from '@shared/contract/maquinarias';
import { LABELS } from '@shared/messages';
import { DataTable, type DataTableApi } from '@client/components/data-table';
import { useDeleteFlow } from '@client/components/delete-flow';
import { ListScreen } from '@client/components/list-screen';
import { NewButton } from '@client/components/new-button';
import { IfRole } from '@client/components/row-actions';
import { Button } from '@client/components/ui/button';
import { FilterChip, useScreenFilter } from '@client/components/screen-filter';
import { openWearPdf, useDeleteMaquinaria, useMaquinariasList, type MaquinariaRow } from './api';
import { AsignarDialog } from './asignar-dialog';
import { maquinariaColumns, type MaquinariaTipo } from './columns';
import { MaquinariaDialog } from './maquinaria-dialog';
import { MaintenanceRangeDialog } from './maintenance-range-dialog';
import { hasAlert, useProjectedMaquinarias, type AlertFilter, type ProjectedRow } from './meter-projection';
import { usePdfAction } from './use-pdf-action';
import { WearDialog } from './wear-dialog';

const L = LABELS.maquinarias;
const DEFAULT_SORT = [{ id: 'placa', desc: true }];

/** The route's type: mantenimiento_maquinaria is always maintenance; an unknown type gets the read-only report. */
export function tipoOf(pathname: string, param: string | undefined): MaquinariaTipo {
  if (pathname.startsWith('/mantenimiento_maquinaria')) return 'mantenimiento';
  return (MAQUINARIA_TIPOS as readonly string[]).includes(param ?? '') ? (param as MaquinariaTipo) : 'reporte';
}

/** 'Generar PDF' of the selection: the machine PDF code (8) on the registry and maintenance, always on the report. */
const PDF_CODE: Record<MaquinariaTipo, number | undefined> = {
  admin: ROLE.maquinariaPdf,
  mantenimiento: ROLE.maquinariaPdf,
  reporte: undefined,
};

export default function MaquinariasPage() {
  const params = useParams({ strict: false });
  const pathname = useLocation({ select: (l) => l.pathname });
  const tipo = tipoOf(pathname, (params as { tipo?: string }).tipo);
  // Opened from Inicio's parts cards: only the machines with parts in danger / reaching their limit soon.
  const screenFilter = useScreenFilter(['peligro', 'proximos']);
  return <MaquinariasList key={tipo} tipo={tipo} alerta={screenFilter.filtro} onClearAlerta={screenFilter.clear} />;
}

export interface MaquinariasListProps {
  tipo: MaquinariaTipo;
  /** Only machines with a part in danger, or reaching its limit within 7 days (the Inicio cards). */
  alerta?: AlertFilter | null;
  onClearAlerta?: () => void;
}

export function MaquinariasList({ tipo, alerta = null, onClearAlerta }: MaquinariasListProps) {
  const list = useMaquinariasList();
  // Meters and wear with this device's daily reports still in the outbox (offline projection).
  const projected = useProjectedMaquinarias(list.data, list.offline.savedAt ?? list.dataUpdatedAt);
  const rows = useMemo(() => (alerta ? projected?.filter((m) => hasAlert(m, alerta, limaDate())) : projected), [projected, alerta]);
  const tableApi = useRef<DataTableApi<ProjectedRow>>(null);
  const [selected, setSelected] = useState<ProjectedRow[]>([]);
  const [editing, setEditing] = useState<{ row: MaquinariaRow | null } | null>(null);
  const [assigning, setAssigning] = useState<MaquinariaRow | null>(null);
  const [wearId, setWearId] = useState<number | null>(null);
  const [rangeFor, setRangeFor] = useState<MaquinariaRow | null>(null);
  const pdf = usePdfAction();
  const remove = useDeleteMaquinaria();
  const { ask: askDelete, dialog: deleteDialog } = useDeleteFlow((row: MaquinariaRow) => remove.mutateAsync(row.id));

  const columns = useMemo(
    () =>
      maquinariaColumns(tipo, {
        onEdit: (row) => setEditing({ row }),
        onAssign: setAssigning,
        onWear: (row) => setWearId(row.id),
        onWearPdf: (row) => void pdf.run(`row-${row.id}`, () => openWearPdf([row.id])),
        onMaintenancePdf: setRangeFor,
        onDelete: askDelete,
      }),
    [tipo, pdf, askDelete],
  );

  // The wear view follows the list: after a change the refreshed row is shown.
  const wearRow = wearId === null ? null : (rows?.find((m) => m.id === wearId) ?? null);

  const generate = () => {
    const ids = (tableApi.current?.getSelectedRows() ?? selected).map((m) => m.id);
    void pdf.run('selection', () => openWearPdf(ids));
  };

  return (
    <ListScreen
      title={L.title}
      offline={list.offline}
      notice={<FilterChip filtro={alerta} onClear={() => onClearAlerta?.()} />}
      actions={
        <IfRole code={PDF_CODE[tipo]}>
          <Button size="sm" variant="outline" onClick={generate} disabled={pdf.busy === 'selection'}>
            {pdf.busy === 'selection' ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <FileText aria-hidden="true" />}
            {L.generatePdf}
            {selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
        </IfRole>
      }
    >
      <DataTable
        label={L.title}
        columns={columns}
        data={rows}
        loading={list.isLoading}
        defaultSort={DEFAULT_SORT}
        selectable
        getRowId={(r) => String(r.id)}
        onSelectionChange={setSelected}
        apiRef={tableApi}
        exportConfig={{ fileName: L.fileName, title: L.title, orientation: 'portrait' }}
        toolbarRight={tipo === 'admin' ? <NewButton code={ROLE.maquinariaNuevo} onClick={() => setEditing({ row: null })} /> : undefined}
      />
      {editing && <MaquinariaDialog row={editing.row} machines={list.data ?? []} onClose={() => setEditing(null)} />}
      {assigning && <AsignarDialog machine={assigning} onClose={() => setAssigning(null)} />}
      {wearRow && <WearDialog machine={wearRow} onClose={() => setWearId(null)} />}
      {rangeFor && <MaintenanceRangeDialog machine={rangeFor} onClose={() => setRangeFor(null)} />}
      {deleteDialog}
    </ListScreen>
  );
}
