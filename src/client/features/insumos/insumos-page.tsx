// INSUMOS Y MATERIALES: read-only stock list with average cost and stock value per supply, the warehouse's total value
// above the table and as the exports' subtitle, Excel and PDF export; no role-gated buttons.
import { useMemo } from 'react';
import { fromCents, toCents } from '@shared/domain/money';
import { LABELS } from '@shared/messages';
import { DataTable } from '@client/components/data-table';
import { ListScreen } from '@client/components/list-screen';
import { formatMoney } from '@client/lib/format';
import { useInsumos } from './api';
import { insumoColumns } from './columns';

const L = LABELS.insumos;
const DEFAULT_SORT = [{ id: 'insumo_codigo', desc: false }];

export default function InsumosPage() {
  const list = useInsumos();
  const total = useMemo(
    () => LABELS.insumos.totalValue(formatMoney(fromCents((list.data ?? []).reduce((s, r) => s + toCents(r.valor_stock), 0)))),
    [list.data],
  );
  return (
    <ListScreen title={L.title} offline={list.offline}>
      <DataTable
        label={L.title}
        columns={insumoColumns}
        data={list.data}
        loading={list.isLoading}
        defaultSort={DEFAULT_SORT}
        exportConfig={{ fileName: L.fileName, title: L.title, subtitle: total, orientation: 'portrait' }}
        toolbarLeft={
          <p className="font-semibold tabular-nums" data-testid="valor-total">
            {total}
          </p>
        }
      />
    </ListScreen>
  );
}
