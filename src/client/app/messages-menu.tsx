// Messages menu of the top bar, only with role 4. Instead of sample text it lists the latest
// entries of the audit log, each as a sentence ('JPEREZ registró la salida #12'), when the user may read it,
// otherwise 'Sin mensajes'.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { AUDIT_READ_CODE, ROLE } from '@shared/auth/permissions';
import { auditoriaApi } from '@shared/contract/auditoria';
import { LABELS } from '@shared/messages';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from '@client/components/ui/dropdown-menu';
import { IconButton } from '@client/components/ui/button';
import { call } from '@client/lib/api';
import { formatDateTime } from '@client/lib/format';
import { limaDate } from '@shared/domain/dates';
import { useHasRole } from '@client/lib/session';

const SHOWN = 6;

export function MessagesMenu() {
  const visible = useHasRole(ROLE.mensajes);
  const canRead = useHasRole(AUDIT_READ_CODE);
  const [open, setOpen] = useState(false);
  const { data } = useQuery({
    queryKey: ['auditoria', 'mensajes'],
    queryFn: ({ signal }) => call(auditoriaApi.list, { query: { fini: limaDate(Date.now() - 7 * 86_400_000), ffin: limaDate() }, signal }),
    enabled: open && canRead && visible,
    retry: false,
    staleTime: 60_000,
  });
  if (!visible) return null;
  const items = [...(data ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, SHOWN);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <IconButton aria-label={LABELS.shell.messages} size="icon" className="text-slate-600">
          <Mail className="!size-5" aria-hidden="true" />
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 p-0">
        <DropdownMenuLabel className="bg-brand-700 px-3 py-2 text-xs tracking-wider text-white uppercase">
          {LABELS.shell.recentActivity}
        </DropdownMenuLabel>
        <ul className="max-h-[450px] overflow-y-auto">
          {items.length === 0 && <li className="px-3 py-4 text-center text-sm text-slate-500">{LABELS.shell.noMessages}</li>}
          {items.map((m) => (
            <li key={m.id} className="border-b border-border px-3 py-2 last:border-b-0">
              <p className="text-sm text-slate-800">
                <span className="font-semibold">{m.username ?? '-'}</span> {LABELS.auditSentence(m.action, m.resource, m.resource_id)}
              </p>
              <p className="text-xs text-slate-500">{formatDateTime(m.created_at)}</p>
            </li>
          ))}
        </ul>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
