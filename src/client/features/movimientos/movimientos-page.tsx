// MOVIMIENTOS DE ALMACÉN (Kardex): read-only; supply ('Todos' = 0, searchable) and date filters,
// ledger in the server's order with the running balance, Excel/PDF (landscape). No role-gated buttons.
import { useMemo } from 'react';
import { usePlaceState } from '@client/lib/place';
import { LABELS } from '@shared/messages';
import { DataTable } from '@client/components/data-table';
import { DateRangeFilter, useDateRange } from '@client/components/date-range-filter';
import { ListScreen } from '@client/components/list-screen';
import { useMovimientos } from './api';
import { movimientoColumns } from './columns';
import { InsumoFilter } from './insumo-filter';
import { RANGE_MONTHS } from '@shared/contract/ranges';

const M = LABELS.movimientos;

export default function MovimientosPage() {
  const [insumoId, setInsumoId] = usePlaceState('insumo', 0);
  const [range, setRange] = useDateRange();
  const filter = useMemo(() => ({ insumo_id: insumoId, fini: range.start, ffin: range.end }), [insumoId, range]);
  const list = useMovimientos(filter);
  return (
    <ListScreen title={M.title} offline={list.offline}>
      <DataTable
        label={M.title}
        columns={movimientoColumns}
        data={list.data}
        loading={list.isLoading}
        getRowId={(r) => String(r.id)}
        exportConfig={{ fileName: M.fileName, title: M.title, subtitle: `${range.start} - ${range.end}`, orientation: 'landscape' }}
        toolbarLeft={
          <>
            <InsumoFilter value={insumoId} onChange={setInsumoId} />
            <DateRangeFilter value={range} onChange={setRange} maxMonths={RANGE_MONTHS.movimientos} />
          </>
        }
      />
    </ListScreen>
  );
}
