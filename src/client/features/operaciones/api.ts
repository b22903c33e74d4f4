// Operations page API: GET /api/operaciones, POST /api/operaciones/respaldos (backup now), and the download
// of a backup file (a file answer with the bearer token: call gives its bytes); the export of the office CA.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operacionesApi, type OperacionesInfo } from '@shared/contract/operaciones';
import { call } from '@client/lib/api';
import { downloadBlob } from '@client/lib/export';

export type { OperacionesInfo };

export const operacionesKey = ['operaciones'] as const;

export function useOperaciones() {
  return useQuery({ queryKey: operacionesKey, queryFn: ({ signal }) => call(operacionesApi.info, { signal }) });
}

export function useBackupNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(operacionesApi.backup, {}),
    onSettled: () => qc.invalidateQueries({ queryKey: operacionesKey }),
  });
}

export async function downloadBackup(archivo: string): Promise<void> {
  const blob = await call(operacionesApi.download, { params: { archivo } });
  downloadBlob(blob, archivo);
}

/** The office CA with its key as a password-protected .p12 file, saved on this device. */
export async function exportCa(password: string): Promise<void> {
  const blob = await call(operacionesApi.exportCa, { body: { password } });
  downloadBlob(blob, 'autoridad-maquinarias.p12');
}
