// Operations page API: GET /api/operaciones, POST /api/operaciones/respaldos (backup now), and the download
// of a backup file (bearer token, so through apiBlob).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OperacionesInfo } from '@shared/contract/operaciones';
import { api, apiBlob } from '@client/lib/api';
import { downloadBlob } from '@client/lib/export';

export type { OperacionesInfo };

export const operacionesKey = ['operaciones'] as const;

export function useOperaciones() {
  return useQuery({ queryKey: operacionesKey, queryFn: ({ signal }) => api.get<OperacionesInfo>('/api/operaciones', signal) });
}

export function useBackupNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ archivo: string } | null>('/api/operaciones/respaldos'),
    onSettled: () => qc.invalidateQueries({ queryKey: operacionesKey }),
  });
}

export async function downloadBackup(archivo: string): Promise<void> {
  const blob = await apiBlob(`/api/operaciones/respaldos/${encodeURIComponent(archivo)}`);
  downloadBlob(blob, archivo);
}
