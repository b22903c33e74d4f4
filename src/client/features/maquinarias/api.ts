// Machines as the other screens use them: the catalogue (GET /api/maquinarias through the offline cache, refreshed
// after login) and how a machine is named in selects and lists.
import { useQuery } from '@tanstack/react-query';
import type { MaquinariaRow } from '@shared/contract/maquinarias';
import { catalogQuery } from '@client/components/list-query';

export type { MaquinariaRow };

export const MAQUINARIAS_KEY = ['maquinarias'] as const;

export const maquinariasQuery = () => catalogQuery<MaquinariaRow[]>(MAQUINARIAS_KEY, '/api/maquinarias');
export const useMaquinarias = () => useQuery(maquinariasQuery());

/** Text of a machine in selects and lists: 'PLACA - DESCRIPCIÓN'. */
export function machineLabel(m: Pick<MaquinariaRow, 'placa' | 'descripcion'>): string {
  return m.descripcion ? `${m.placa} - ${m.descripcion}` : m.placa;
}

export function machineOptions(rows: readonly MaquinariaRow[] | undefined): { value: number; label: string }[] {
  return (rows ?? []).map((m) => ({ value: m.id, label: machineLabel(m) })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
}
