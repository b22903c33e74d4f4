// INVENTARIO FÍSICO (code 79): the count sheets by state and date range, with their counts and the value of their
// adjustments; Excel/PDF of the list; 'Nuevo' (80) makes a sheet and opens it; each sheet opens on its count screen
// (inventario-conteo.tsx) and prints its blank or filled sheet.
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ROLE } from '@shared/auth/permissions';
import { INVENTARIO_ESTADOS, type InventarioListBody } from '@shared/contract/inventarios';
import { limaDate } from '@shared/domain/dates';
import { LABELS } from '@shared/messages';
import { CrudListScreen, useCrudList } from '@client/components/crud-list';
import { DateRangeFilter, useDateRange } from '@client/components/date-range-filter';
import { saveErrorMessage } from '@client/components/form-gate';
import { SelectFilter } from '@client/components/select-filter';
import { toast } from '@client/lib/toast';
import { openInventarioPdf, useInventarios, type InventarioRow } from './api';
import { inventarioColumns } from './columns';
import { InventarioDialog } from './inventario-dialog';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const L = LABELS.inventarios;
const SORT = [{ id: 'fecha', desc: true }];
const ESTADO_OPTIONS = INVENTARIO_ESTADOS.map((e, i) => ({ value: i + 1, label: e }));

export default function InventariosPage() {
  const navigate = useNavigate();
  const today = limaDate();
  // Counts are few: the year so far by default.
  const [range, setRange] = useDateRange({ start: `${today.slice(0, 4)}-01-01`, end: today });
  const [estado, setEstado] = useState(0);
  const body = useMemo<InventarioListBody>(
    () => ({ fini: range.start, ffin: range.end, estado: estado ? INVENTARIO_ESTADOS[estado - 1] : null }),
    [range, estado],
  );
  const list = useInventarios(body);
  const crud = useCrudList<InventarioRow, null>(async () => undefined);
  const open = useCallback((row: { id: number }) => void navigate({ to: `/inventario/${row.id}` }), [navigate]);
  const pdf = useCallback((row: InventarioRow, lleno: boolean) => {
    openInventarioPdf(row.id, lleno).catch((e: unknown) => toast.error(saveErrorMessage(e)));
  }, []);
  const columns = useMemo(() => inventarioColumns({ onOpen: open, onPdf: pdf }), [open, pdf]);

  return (
    <CrudListScreen
      title={L.title}
      fileName={L.fileName}
      subtitle={`${range.start} - ${range.end}`}
      orientation="landscape"
      list={list}
      crud={crud}
      columns={columns}
      defaultSort={SORT}
      getRowId={(r) => String(r.id)}
      toolbarLeft={
        <>
          <SelectFilter
            label={L.state}
            value={estado}
            onChange={setEstado}
            options={ESTADO_OPTIONS}
            allLabel={L.allStates}
            className="w-48"
          />
          <DateRangeFilter value={range} onChange={setRange} maxMonths={RANGE_MONTHS.inventarios} />
        </>
      }
      newCode={ROLE.inventarioNuevo}
    >
      {crud.open && <InventarioDialog onClose={crud.close} onCreated={(d) => (crud.close(), open(d))} />}
    </CrudListScreen>
  );
}
