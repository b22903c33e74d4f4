// Item table of the exit modal: code, description, unit, quantity (flagged when above the available stock, with the
// quantity available now), observation, with edit and remove buttons.
import { LABELS, MSG } from '@shared/messages';
import { LineItemTable, type LineColumn } from '@client/components/line-item-table';
import type { SalidaLine } from './api';
import { formatMoney } from '@client/lib/format';

const A = LABELS.almacen;

export interface SalidaLinesProps {
  lines: SalidaLine[];
  keys: string[];
  overLines: ReadonlySet<number>;
  /** Quantity available now for line `index` (shown beside a flagged line). */
  availableAt?: (index: number) => number;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}

export function SalidaLines({ lines, keys, overLines, availableAt, onEdit, onRemove }: SalidaLinesProps) {
  const columns: LineColumn<SalidaLine>[] = [
    { header: A.code, cell: (l) => l.insumo_codigo, className: 'whitespace-nowrap' },
    { header: A.description, cell: (l) => l.insumo_name },
    { header: A.unit, cell: (l) => l.unimed, align: 'center' },
    {
      header: A.quantity,
      align: 'right',
      className: 'tabular-nums',
      cell: (l, i) =>
        overLines.has(i) ? (
          <span className="text-destructive" title={MSG.quantityUnavailable}>
            {formatMoney(l.cantidad)}
            <span className="block text-xs">{MSG.quantityUnavailable}</span>
            {availableAt && <span className="block text-xs">{MSG.availableNow(formatMoney(availableAt(i)))}</span>}
          </span>
        ) : (
          formatMoney(l.cantidad)
        ),
    },
    { header: A.observation, cell: (l) => l.observacion ?? '' },
  ];
  return <LineItemTable columns={columns} lines={lines} keys={keys} onEdit={onEdit} onRemove={onRemove} emptyText={MSG.entryNoLines} />;
}
