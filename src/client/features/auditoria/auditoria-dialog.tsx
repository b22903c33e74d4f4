// Detail of one audit entry as a person reads it: a Spanish sentence (who did what to which record, Lima time) and
// a table of the fields that changed, before and after; the full stored record stays one tap away.
import { LABELS } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { Button } from '@client/components/ui/button';
import { formatDateTime } from '@client/lib/format';
import type { AuditoriaRow } from './api';
import { cambiosDe } from './cambios';

const L = LABELS.auditoria;

function Json({ title, value }: { title: string; value: unknown }) {
  return (
    <div className="min-w-0 flex-1">
      <h4 className="mb-1 text-sm font-semibold text-slate-700">{title}</h4>
      <pre className="max-h-[40vh] overflow-auto rounded-md border border-border bg-slate-50 p-2 text-xs text-slate-800">
        {value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

function Cambios({ row }: { row: AuditoriaRow }) {
  const cambios = cambiosDe(row.before, row.after);
  if (cambios.length === 0) return <p className="text-sm text-muted-foreground">{L.noChanges}</p>;
  return (
    <div className="max-h-[50vh] overflow-auto rounded-md border border-border">
      <table className="w-full text-sm" data-testid="audit-changes">
        <thead className="sticky top-0 bg-slate-100 text-left">
          <tr>
            <th className="px-2 py-1.5 font-semibold">{L.field}</th>
            <th className="px-2 py-1.5 font-semibold">{L.before}</th>
            <th className="px-2 py-1.5 font-semibold">{L.after}</th>
          </tr>
        </thead>
        <tbody>
          {cambios.map((c) => (
            <tr key={c.campo} className="border-t border-border align-top">
              <td className="px-2 py-1.5 font-medium whitespace-nowrap">{c.campo}</td>
              <td className="px-2 py-1.5 break-words text-slate-600">{c.antes}</td>
              <td className="px-2 py-1.5 break-words">{c.despues}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AuditoriaDialog({ row, onClose }: { row: AuditoriaRow | null; onClose: () => void }) {
  return (
    <Modal
      open={row !== null}
      onOpenChange={(o) => !o && onClose()}
      title={row ? `${row.username ?? '-'} ${LABELS.auditSentence(row.action, row.resource, row.resource_id)}` : ''}
      description={row ? formatDateTime(row.created_at) : undefined}
      width="xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {LABELS.close}
        </Button>
      }
    >
      {row && (
        <div className="flex flex-col gap-3">
          <Cambios row={row} />
          <details>
            <summary className="cursor-pointer py-2 text-sm text-slate-600">{L.rawData}</summary>
            <div className="flex flex-col gap-3 md:flex-row">
              <Json title={L.before} value={row.before} />
              <Json title={L.after} value={row.after} />
            </div>
          </details>
        </div>
      )}
    </Modal>
  );
}
