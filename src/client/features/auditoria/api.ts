// Audit log API ("Actividad Log"): GET /api/auditoria?usuario_id=&fini=&ffin= through the list-load policy.
import { auditoriaApi, type AuditoriaRow } from '@shared/contract/auditoria';
import { usuariosApi } from '@shared/contract/usuarios';
import { MENU } from '@shared/auth/permissions';
import { call } from '@client/lib/api';
import { useListQuery } from '@client/components/list-query';
import { useHasRole } from '@client/lib/session';

export type { AuditoriaRow };

export interface AuditoriaFilter {
  /** 0 = every user ('Todos'). */
  usuarioId: number;
  fini: string;
  ffin: string;
}

export function useAuditoria(filter: AuditoriaFilter) {
  // 'Todos' (0) and an empty date send no filter (the server reads a blank one the same way).
  const query = { usuario_id: filter.usuarioId || undefined, fini: filter.fini, ffin: filter.ffin };
  return useListQuery(['auditoria', filter.usuarioId, filter.fini, filter.ffin], (signal) => call(auditoriaApi.list, { query, signal }));
}

/** The users list for the filter, only for users who may read it (menu 62); others pick from the log's rows. */
export function useAuditUsers() {
  const allowed = useHasRole(MENU.usuarios);
  return useListQuery(['usuarios'], (signal) => call(usuariosApi.list, { signal }), { enabled: allowed });
}
