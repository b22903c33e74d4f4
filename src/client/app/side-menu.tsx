// Side menu: the groups and entries the session's roles allow (see menu.ts), collapsible
// groups, the 'Cerrar sesión' entry and the copyright footer.
import { useState } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { ChevronRight, House, LogOut } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { useSession } from '@client/lib/session';
import { useOfficeSettings } from '@client/lib/settings';
import { PATHS } from '@client/routes/paths';
import { BrandTitle } from './brand';
import { Copyright } from './copyright';
import { visibleMenu, type VisibleGroup } from './menu';

export interface SideMenuProps {
  onLogout: () => void;
  /** Called after following an entry (closes the drawer on tablets). */
  onNavigate?: () => void;
}

const entryClass =
  'flex items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-200 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-amber-300 focus-visible:outline-none';

function Group({ group, active, onNavigate }: { group: VisibleGroup; active: string; onNavigate?: () => void }) {
  const containsActive = group.entries.some((e) => e.href === active);
  const [open, setOpen] = useState(containsActive);
  const Icon = group.icon;
  const listId = `menu-group-${group.id}`;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className={cn(entryClass, 'w-full cursor-pointer font-semibold', containsActive && 'text-white')}
      >
        <Icon className="size-4 shrink-0 text-amber-300" aria-hidden="true" />
        <span className="flex-1 text-left">{group.label}</span>
        <ChevronRight className={cn('size-4 transition-transform', open && 'rotate-90')} aria-hidden="true" />
      </button>
      <ul id={listId} hidden={!open} className="mt-1 mb-2 ml-6 flex flex-col gap-0.5 border-l border-white/15 pl-2">
        {group.entries.map((entry) => (
          <li key={entry.href}>
            <Link
              to={entry.href}
              onClick={onNavigate}
              aria-current={entry.href === active ? 'page' : undefined}
              className={cn(entryClass, 'py-1.5', entry.href === active && 'bg-white/15 font-semibold text-white')}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function SideMenu({ onLogout, onNavigate }: SideMenuProps) {
  const session = useSession();
  const settings = useOfficeSettings();
  const active = useRouterState({ select: (s) => s.location.pathname });
  const groups = visibleMenu(session?.roles ?? []);
  return (
    <nav aria-label={LABELS.menu.navigation} className="flex h-full flex-col bg-gradient-to-b from-brand-800 to-brand-900 text-white">
      <div className="border-b border-white/10 px-4 py-4">
        <BrandTitle settings={settings} dark />
      </div>
      <ul className="flex-1 overflow-y-auto px-2 py-3">
        <li className="mb-2">
          <Link
            to={PATHS.welcome}
            onClick={onNavigate}
            aria-current={active === PATHS.welcome ? 'page' : undefined}
            className={cn(entryClass, 'font-semibold', active === PATHS.welcome && 'bg-white/15 text-white')}
          >
            <House className="size-4 text-amber-300" aria-hidden="true" />
            {LABELS.menu.inicio}
          </Link>
        </li>
        {groups.map((g) => (
          <Group key={g.id} group={g} active={active} onNavigate={onNavigate} />
        ))}
        <li className="mt-2 border-t border-white/10 pt-2">
          <button type="button" onClick={onLogout} className={cn(entryClass, 'w-full cursor-pointer')}>
            <LogOut className="size-4 text-amber-300" aria-hidden="true" />
            {LABELS.menu.cerrarSesion}
          </button>
        </li>
      </ul>
      <footer className="border-t border-white/10 px-4 py-3">
        <Copyright officeName={settings.officeName} className="text-[11px] leading-snug text-slate-400" />
      </footer>
    </nav>
  );
}
