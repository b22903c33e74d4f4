// The logged-in frame: side menu (in the page from 1280px, a drawer on tablets and phones), top bar, the
// screen, and the logout modal shared by the menu's 'Cerrar sesión' and the user menu's 'Salir'.
import { useEffect, useState } from 'react';
import { Outlet } from '@tanstack/react-router';
import { useBackClose } from '@client/lib/back-navigation';
import { cn } from '@client/lib/cn';
import { LogoutModal } from './logout-modal';
import { OutboxEditorHost } from '@client/offline/ui';
import { SideMenu } from './side-menu';
import { SyncToasts } from './sync-toasts';
import { TopBar } from './top-bar';
import { useMediaQuery } from './use-media-query';

/** @public loaded by name through lazyRouteComponent in router.tsx */
export function AppLayout() {
  const wide = useMediaQuery('(min-width: 1280px)');
  const [menuOpen, setMenuOpen] = useState(wide);
  const [logoutOpen, setLogoutOpen] = useState(false);

  // Crossing the breakpoint: the menu is shown on wide screens and folded into the drawer on narrow ones.
  useEffect(() => setMenuOpen(wide), [wide]);
  // On a tablet the open menu covers the screen like a modal: the back gesture closes it first, as it closes a modal,
  // instead of changing the screen behind it.
  useBackClose(!wide && menuOpen, () => setMenuOpen(false));

  const openLogout = () => {
    if (!wide) setMenuOpen(false);
    setLogoutOpen(true);
  };

  return (
    <div className="flex h-dvh overflow-hidden bg-background">
      {!wide && menuOpen && (
        <div className="fixed inset-0 z-30 bg-slate-950/40 print:hidden" aria-hidden="true" onClick={() => setMenuOpen(false)} />
      )}
      <aside
        className={cn(
          'z-40 w-64 shrink-0 print:hidden',
          wide ? 'relative' : 'fixed inset-y-0 left-0 transition-transform duration-200',
          wide && !menuOpen && 'hidden',
          // Off screen it casts no shadow (it showed as a grey band along the left edge of every tablet screen).
          !wide && (menuOpen ? 'shadow-2xl' : '-translate-x-full'),
        )}
        inert={!wide && !menuOpen ? true : undefined}
      >
        <SideMenu onLogout={openLogout} onNavigate={wide ? undefined : () => setMenuOpen(false)} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((o) => !o)} onLogout={openLogout} />
        <SyncToasts />
        <main className="min-h-0 flex-1 overflow-y-auto" id="contenido">
          <Outlet />
        </main>
      </div>
      <LogoutModal open={logoutOpen} onOpenChange={setLogoutOpen} />
      <OutboxEditorHost />
    </div>
  );
}
