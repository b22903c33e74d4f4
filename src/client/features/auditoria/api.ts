// Audit log API ("Actividad Log"): GET /api/auditoria?usuario_id=&fini=&ffin= through the list-load policy.
import type { AuditoriaRow } from '@shared/contract/auditoria';
import type { UsuarioRow } from '@shared/contract/usuarios';
import { MENU } from '@shared/auth/permissions';
import { api } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';
import { useHasRole } from '@client/lib/session';

export type { AuditoriaRow };

export interface AuditoriaFilter {
  /** 0 = every user ('Todos'). */
  usuarioId: number;
  fini: string;
  ffin: string;
}

export function auditoriaUrl(f: AuditoriaFilter): string {
  const q = new URLSearchParams({ usuario_id: f.usuarioId ? String(f.usuarioId) : '', fini: f.fini, ffin: f.ffin });
  return `/api/auditoria?${q.toString()}`;
}

export function useAuditoria(filter: AuditoriaFilter) {
  return useListQuery<AuditoriaRow[]>(['auditoria', filter.usuarioId, filter.fini, filter.ffin], auditoriaUrl(filter));
}

/** The users list for the filter, only for users who may read it (menu 62); others pick from the log's rows. */
export function useAuditUsers() {
  const allowed = useHasRole(MENU.usuarios);
  return useListQuery<UsuarioRow[]>(['usuarios'], (signal) => api.get<UsuarioRow[]>('/api/usuarios', signal), { enabled: allowed });
}
