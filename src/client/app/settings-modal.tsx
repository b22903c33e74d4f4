// 'Configuración' of the user menu: the office settings (GET /api/ajustes), read-only.
import { LABELS } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { Button } from '@client/components/ui/button';
import { apiBase } from '@client/lib/api';
import { useOfficeSettings } from '@client/lib/settings';

export function SettingsModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useOfficeSettings();
  const rows: [string, string][] = [
    [LABELS.shell.officeName, settings.officeName],
    [LABELS.shell.shortName, settings.shortName],
    [LABELS.shell.cityLabel, settings.cityLabel],
    [LABELS.shell.apiBase, apiBase() || (typeof location === 'undefined' ? '' : location.origin)],
  ];
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={LABELS.shell.settings}
      width="md"
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {LABELS.close}
        </Button>
      }
    >
      <dl className="flex flex-col gap-3">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
            <dd className="mt-0.5 rounded-md border border-border bg-muted px-3 py-2 text-sm text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
