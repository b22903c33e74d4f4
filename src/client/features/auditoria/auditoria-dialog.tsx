// Detail of one audit entry: the record before and after the change, as formatted JSON.
import { LABELS } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { Button } from '@client/components/ui/button';
import { formatDateTime } from '@client/lib/format';
import type { AuditoriaRow } from './api';

const L = LABELS.auditoria;

function Json({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="min-w-0 flex-1">
      <h3 className="mb-1 text-sm font-semibold text-slate-700">{title}</h3>
      <pre className="max-h-[50vh] overflow-auto rounded-md border border-border bg-slate-50 p-2 text-xs text-slate-800">
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

export function AuditoriaDialog({ row, onClose }: { row: AuditoriaRow | null; onClose: () => void }) {
  return (
    <Modal
      open={row !== null}
      onOpenChange={(o) => !o && onClose()}
      title={row ? `${row.action.toUpperCase()} ${row.resource}${row.resource_id ? ` #${row.resource_id}` : ''}` : ''}
      description={row ? `${row.username ?? ''} · ${formatDateTime(row.created_at)}` : undefined}
      width="xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {LABELS.close}
        </Button>
      }
    >
      {row && (
        <div className="flex flex-col gap-3 md:flex-row">
          <Json title={L.before} value={row.before} />
          <Json title={L.after} value={row.after} />
        </div>
      )}
    </Modal>
  );
}
