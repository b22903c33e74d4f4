// The rows of a list that works offline: the server's (or the device copy's) plus the resource's records still in
// the outbox, each marked 'pendiente' or 'rechazado' (docs/architecture.md, the offline engine). Gives the table
// what such a list always needs: ids that keep an outbox row apart from a saved one, the row tint of a pending and
// of a rejected record, and 'Abrir y corregir' (the rejected item's editor, whatever its resource).
import { useCallback, useMemo } from 'react';
import { openOutboxEditor, useMergedRows, useOutbox, type OfflineResource, type WithPending } from '@client/offline';

export interface OutboxRows<Row> {
  rows: WithPending<Row>[];
  /** Opens the rejected outbox item behind `row` in its resource's editor. */
  fix: (row: WithPending<Row>) => void;
  /** For the DataTable: row ids and tints. */
  table: {
    getRowId: (row: WithPending<Row>) => string;
    rowClassName: (row: WithPending<Row>) => string | undefined;
  };
}

export function useOutboxRows<Row extends object, Filter>(
  data: readonly Row[] | undefined,
  resource: Pick<OfflineResource<unknown, unknown, Row, Filter, unknown>, 'name' | 'rowOf'>,
  filter: Filter,
  keyOf: (row: Row) => string | number,
): OutboxRows<Row> {
  const toRow = useMemo(() => resource.rowOf(filter), [resource, filter]);
  const rows = useMergedRows(data, resource.name, toRow, { keyOf });
  const outbox = useOutbox();
  const fix = useCallback(
    (row: WithPending<Row>) => {
      const item = outbox.find((i) => i.id === row._outboxId);
      if (item) openOutboxEditor(item);
    },
    [outbox],
  );
  const getRowId = useCallback((r: WithPending<Row>) => (r._outboxId ? `o-${r._outboxId}` : String(keyOf(r))), [keyOf]);
  return { rows, fix, table: { getRowId, rowClassName } };
}

const rowClassName = (r: { _pending?: string }) => (r._pending === 'rechazado' ? 'bg-red-50' : r._pending ? 'bg-amber-50' : undefined);
