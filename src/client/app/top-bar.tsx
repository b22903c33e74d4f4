// Top bar: menu toggle, DNI search, the offline chip, pending-sync badge, notifications, messages (role 4), user menu.
import { useNavigate } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { IconButton } from '@client/components/ui/button';
import { useSession } from '@client/lib/session';
import { OfflineIndicator, PendingBadge } from '@client/offline/ui';
import { DniSearch } from './dni-search';
import { MessagesMenu } from './messages-menu';
import { NotificationsMenu } from './notifications-menu';
import { screenHref } from './screens';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  onLogout: () => void;
}

export function TopBar({ menuOpen, onToggleMenu, onLogout }: TopBarProps) {
  const navigate = useNavigate();
  // The DNI search reads people's data: only for a user who holds some code (the server refuses the rest).
  const searches = (useSession()?.roles.length ?? 0) > 0;
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-border bg-white px-2 shadow-sm md:gap-3 md:px-4 print:hidden">
      <IconButton aria-label={LABELS.menu.toggle} aria-expanded={menuOpen} size="icon" onClick={onToggleMenu} className="text-slate-600">
        <Menu className="!size-5" aria-hidden="true" />
      </IconButton>
      {searches && <DniSearch />}
      <div className="ml-auto flex items-center gap-1 md:gap-2">
        <OfflineIndicator />
        <PendingBadge onClick={() => void navigate({ to: screenHref('sincronizacion') })} />
        <NotificationsMenu />
        <MessagesMenu />
        <div className="mx-1 hidden h-8 w-px bg-border sm:block" aria-hidden="true" />
        <UserMenu onLogout={onLogout} />
      </div>
    </header>
  );
}
