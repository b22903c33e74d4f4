// Page frame of a list screen: upper-case title, optional offline-copy notice, optional toolbar, then the table.
import type { ReactNode } from 'react';
import { CloudOff } from 'lucide-react';
import { MSG } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@client/lib/format';
import type { OfflineInfo } from '@client/offline';

export interface ListScreenProps {
  /** e.g. 'LISTADO DE ACTIVIDADES' (shown upper case). */
  title: string;
  /** Slot for <OfflineCopyNotice> (or anything) shown under the title. */
  notice?: ReactNode;
  /**
   * Offline info of the list query: shows the 'Copia sin conexión del …' notice when it answered from the device,
   * or says the list has no copy here when there is no connection (`noCopy`).
   */
  offline?: Pick<OfflineInfo, 'fromCache' | 'savedAt'> & { noCopy?: boolean };
  /** Content above the table outside the DataTable toolbar (rarely needed). */
  toolbar?: ReactNode;
  /** Right side of the title bar (e.g. a 'Generar PDF' button). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function ListScreen({ title, notice, offline, toolbar, actions, children, className }: ListScreenProps) {
  return (
    <section className={cn('mx-auto flex w-full max-w-[100rem] flex-col gap-3 p-3 md:p-5', className)} aria-labelledby="list-screen-title">
      <div className="rounded-lg border border-border bg-white shadow-sm">
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h1 id="list-screen-title" className="text-lg font-semibold tracking-wide text-slate-800">
            {title.toUpperCase()}
          </h1>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </header>
        <div className="flex flex-col gap-3 p-4">
          {offline?.fromCache && offline.savedAt ? <OfflineCopyNotice since={offline.savedAt} /> : null}
          {offline?.noCopy ? <OfflineNotice text={MSG.offlineNoCopy} /> : null}
          {notice}
          {toolbar}
          {children}
        </div>
      </div>
    </section>
  );
}

/** Amber no-connection banner of list screens. */
export function OfflineNotice({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <CloudOff className="size-4 shrink-0" aria-hidden="true" />
      <span>{text}</span>
      {children}
    </div>
  );
}

/** 'Copia sin conexión del …' banner for lists answered from the device cache. */
export function OfflineCopyNotice({ since, children }: { since: string | number | Date; children?: ReactNode }) {
  return <OfflineNotice text={MSG.offlineCopy(formatDateTime(since))}>{children}</OfflineNotice>;
}
