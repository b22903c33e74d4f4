// ÓRDENES DE TRABAJO (docs/architecture.md, "Work orders"): state, machine, date and 'assigned to me' filters,
// Excel/PDF, orders still in the device outbox merged in ('pendiente' / 'rechazado', one row per order), 'Nuevo' (71),
// open an order on its execution screen (offline too: the assigned orders' details are kept on the device), its PDF.
// Opened with `?falla=<id>` (the failures list) or `?tarea=<id>&maquinaria=<id>&descripcion=…` (the due tasks), the
// create dialog starts from that failure or task.
import { useCallback, useMemo, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ROLE } from '@shared/auth/permissions';
import { pathOf } from '@shared/contract/endpoint';
import { ORDEN_ESTADOS, ordenestrabajoApi, type OrdenEstado, type OrdenListBody } from '@shared/contract/ordenestrabajo';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { MaquinariaDateToolbar, useMaquinariaDateFilters } from '@client/components/maquinaria-date';
import { useOfflineDetails } from '@client/components/offline-details';
import { useOutboxRows } from '@client/components/outbox-rows';
import { SelectFilter } from '@client/components/select-filter';
import { Checkbox } from '@client/components/ui/checkbox';
import { openApiPdf } from '@client/lib/export';
import { useHasRole } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { saveErrorMessage } from '@client/components/form-gate';
import { ordenDetailEntry, useOrdenes, type OrdenRow } from './api';
import { ordenColumns } from './columns';
import { OrdenCreateDialog, type OrdenOrigen } from './orden-create-dialog';
import { ordenestrabajoOffline } from './offline';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const L = LABELS.ordenes;
const keyOf = (r: OrdenRow) => r.uid;
const SORT = [{ id: 'codigo', desc: true }];
const ESTADO_OPTIONS = ORDEN_ESTADOS.map((e, i) => ({ value: i + 1, label: e }));

/** The origin the page was opened with (a failure or a due task), if any. */
function useOrigen(): OrdenOrigen | null {
  const s: Record<string, unknown> = useSearch({ strict: false });
  const n = (v: unknown) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : null);
  if (n(s.falla)) return { origen: 'FALLA', falla_id: n(s.falla) as number };
  if (n(s.tarea) && n(s.maquinaria))
    return {
      origen: 'PLAN',
      tarea_id: n(s.tarea) as number,
      maquinaria_id: n(s.maquinaria) as number,
      descripcion: String(s.descripcion ?? ''),
      checklist: Array.isArray(s.checklist) ? s.checklist.map(String) : [],
    };
  return null;
}

export default function OrdenesPage() {
  const canCreate = useHasRole(ROLE.ordenNueva);
  const navigate = useNavigate();
  const filters = useMaquinariaDateFilters(RANGE_MONTHS.ordenestrabajo);
  const [estado, setEstado] = useState(0);
  // A mechanic (no code 71) sees the orders assigned to them first.
  const [mias, setMias] = useState(!canCreate);
  const body = useMemo<OrdenListBody>(
    () => ({ ...filters.body, estado: estado ? (ORDEN_ESTADOS[estado - 1] as OrdenEstado) : null, mias }),
    [filters.body, estado, mias],
  );
  const list = useOrdenes(body);
  const openDetail = useOfflineDetails(list.data, list.offline.fromCache, ordenDetailEntry);
  const outbox = useOutboxRows(list.data, ordenestrabajoOffline, body, keyOf);
  // One row per order: a pending order's later saves (newest first in the merge) stand for it.
  const rows = useMemo(() => {
    const seen = new Set<string>();
    return outbox.rows.filter((r) => {
      if (seen.has(r.uid)) return false;
      seen.add(r.uid);
      return true;
    });
  }, [outbox.rows]);

  const origen = useOrigen();
  const [createOpen, setCreateOpen] = useState(origen !== null);
  const crud = useCrudList<OrdenRow, null>(async () => undefined);
  const open = useCallback(
    (row: OrdenRow) => openDetail(row, () => void navigate({ to: `/ordentrabajo/${row.uid}` })),
    [openDetail, navigate],
  );
  const pdf = useCallback((row: OrdenRow) => {
    openApiPdf(pathOf(ordenestrabajoApi.pdf, { params: { uid: row.uid } }), `${L.fileName}-${row.codigo}`).catch((e: unknown) =>
      toast.error(saveErrorMessage(e)),
    );
  }, []);
  const { fix } = outbox;
  const columns = useMemo(() => ordenColumns({ onOpen: open, onPdf: pdf, onFix: fix }), [open, pdf, fix]);

  return (
    <CrudListScreen
      title={L.title}
      fileName={L.fileName}
      subtitle={`${filters.range.start} - ${filters.range.end}`}
      orientation="landscape"
      list={list}
      crud={{ ...crud, create: () => setCreateOpen(true) }}
      outbox={{ ...outbox, rows }}
      columns={columns}
      defaultSort={SORT}
      toolbarLeft={
        <>
          <SelectFilter
            label={L.state}
            value={estado}
            onChange={setEstado}
            options={ESTADO_OPTIONS}
            allLabel={L.allStates}
            className="w-56"
          />
          <MaquinariaDateToolbar filters={filters} />
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <Checkbox checked={mias} onCheckedChange={(c) => setMias(c === true)} />
            {L.mine}
          </label>
        </>
      }
      newCode={ROLE.ordenNueva}
    >
      {createOpen && (
        <OrdenCreateDialog
          origen={origen}
          onClose={() => {
            setCreateOpen(false);
            if (origen) void navigate({ to: '/ordentrabajo', search: {}, replace: true });
          }}
        />
      )}
    </CrudListScreen>
  );
}
