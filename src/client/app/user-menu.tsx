// User menu of the top bar: full name in upper case; Perfil, Configuración, Actividad Log,
// Sincronización and Salir (opens the logout modal).
import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ChevronDown, CircleUser, CloudUpload, LogOut, ScrollText, Server, Settings, User } from 'lucide-react';
import { AUDIT_READ_CODE, OPERATIONS_CODE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { useHasRole, useSession } from '@client/lib/session';
import { ProfileModal } from './profile-modal';
import { screenHref } from './screens';
import { SettingsModal } from './settings-modal';

export function UserMenu({ onLogout }: { onLogout: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const canAudit = useHasRole(AUDIT_READ_CODE);
  const canOperate = useHasRole(OPERATIONS_CODE);
  const [profile, setProfile] = useState(false);
  const [settings, setSettings] = useState(false);
  const name = (session?.user.fullName ?? '').toUpperCase();
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`${LABELS.shell.userMenu}: ${name}`}
          className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <span className="hidden max-w-64 text-right leading-tight font-medium break-words md:inline" data-testid="user-name">
            {name}
          </span>
          <CircleUser className="size-7 text-brand-600" aria-hidden="true" />
          <ChevronDown className="size-4 text-slate-400" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-60">
          <DropdownMenuLabel className="break-words md:hidden">{name}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => setProfile(true)}>
            <User aria-hidden="true" /> {LABELS.shell.profile}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setSettings(true)}>
            <Settings aria-hidden="true" /> {LABELS.shell.settings}
          </DropdownMenuItem>
          {canAudit && (
            <DropdownMenuItem onSelect={() => void navigate({ to: screenHref('auditoria') })}>
              <ScrollText aria-hidden="true" /> {LABELS.shell.activityLog}
            </DropdownMenuItem>
          )}
          {canOperate && (
            <DropdownMenuItem onSelect={() => void navigate({ to: screenHref('operaciones') })}>
              <Server aria-hidden="true" /> {LABELS.shell.operations}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void navigate({ to: screenHref('sincronizacion') })}>
            <CloudUpload aria-hidden="true" /> {LABELS.shell.sync}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={onLogout}>
            <LogOut aria-hidden="true" /> {LABELS.shell.exit}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ProfileModal open={profile} onOpenChange={setProfile} />
      <SettingsModal open={settings} onOpenChange={setSettings} />
    </>
  );
}
