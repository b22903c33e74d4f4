// Notification bell: real items of GET /api/notificaciones under 'Publicaciones recientes' with
// abbreviation, date and description, a count badge and a list at most 450px high; items do nothing on click.
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { notificacionesApi, type NotificationItem } from '@shared/contract/notificaciones';
import { LABELS } from '@shared/messages';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from '@client/components/ui/dropdown-menu';
import { IconButton } from '@client/components/ui/button';
import { call } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDate } from '@client/lib/format';

export const notificationsQuery = {
  queryKey: ['notificaciones'],
  queryFn: ({ signal }: { signal: AbortSignal }) => call(notificacionesApi.list, { signal }),
  refetchInterval: 5 * 60_000,
  retry: false,
} as const;

function tone(item: NotificationItem): string {
  if (item.tipo === 'FALLA' || item.band === 'danger') return 'bg-red-600';
  if (item.band === 'warning') return 'bg-amber-500';
  return 'bg-sky-600';
}

export function NotificationsMenu() {
  const { data } = useQuery(notificationsQuery);
  const items = data?.items ?? [];
  const count = items.length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton aria-label={`${LABELS.shell.notifications} (${count})`} size="icon" className="relative text-slate-600">
          <Bell className="!size-5" aria-hidden="true" />
          {count > 0 && (
            <span
              className="absolute top-0.5 right-0.5 rounded-full bg-red-600 px-1 text-[10px] leading-4 font-bold text-white"
              data-testid="notifications-count"
            >
              {count > 9 ? '9+' : `+${count}`}
            </span>
          )}
        </IconButton>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-80 p-0 sm:w-96">
        <DropdownMenuLabel className="bg-brand-700 px-3 py-2 text-xs tracking-wider text-white uppercase">
          {LABELS.shell.recentPosts}
        </DropdownMenuLabel>
        <ul className="max-h-[450px] overflow-y-auto" aria-label={LABELS.shell.recentPosts}>
          {count === 0 && <li className="px-3 py-4 text-center text-sm text-slate-500">{LABELS.shell.noNotifications}</li>}
          {items.map((item, i) => (
            <li key={i} className="flex items-start gap-3 border-b border-border px-3 py-2 last:border-b-0">
              <span
                className={cn(
                  'mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full text-[10px] font-bold text-white',
                  tone(item),
                )}
              >
                {item.abrev}
              </span>
              <div className="min-w-0">
                <p className="text-xs text-slate-500">{formatDate(item.fecha)}</p>
                <p className="text-sm break-words text-slate-800">{item.descripcion}</p>
              </div>
            </li>
          ))}
        </ul>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
