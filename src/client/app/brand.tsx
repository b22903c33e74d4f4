// The office's emblem and names (from GET /api/ajustes), used by the login, welcome and side menu.
import { LOGIN_LABELS as LABELS } from '@shared/messages-login';
import { cn } from '@client/lib/cn';
import type { OfficeSettings } from '@shared/contract/ajustes';

export function Emblem({ className }: { className?: string }) {
  return <img src="/logo.png" alt="" aria-hidden="true" className={cn('size-12 shrink-0', className)} />;
}

/** Emblem with the office name and the app name beside it. */
export function BrandTitle({ settings, className, dark = false }: { settings: OfficeSettings; className?: string; dark?: boolean }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Emblem />
      <div className="min-w-0 leading-tight">
        <p className={cn('text-xs font-semibold tracking-wider uppercase', dark ? 'text-amber-300' : 'text-brand-600')}>
          {settings.officeName}
        </p>
        <p className={cn('text-base font-bold', dark ? 'text-white' : 'text-slate-800')}>{settings.shortName}</p>
        <p className={cn('text-xs', dark ? 'text-slate-300' : 'text-slate-500')}>{LABELS.shell.appName}</p>
      </div>
    </div>
  );
}
