// Operators as the other screens use them: the catalogue (through the offline cache) and the DNI suggestions of
// the exit form's typeahead (the server first; with no network, the device copy filtered the same way).
import { useQuery } from '@tanstack/react-query';
import type { OperadorRow, OperadorSuggestion } from '@shared/contract/operadores';
import { api } from '@client/lib/api';
import { catalogQuery } from '@client/components/list-query';
import { readCached, withCacheFallback } from '@client/offline';

export type { OperadorRow };

export const OPERADORES_KEY = ['operadores'] as const;
export const SUGGEST_LIMIT = 20;

export const operadoresQuery = () => catalogQuery<OperadorRow[]>(OPERADORES_KEY, '/api/operadores');
export const useOperadores = () => useQuery(operadoresQuery());

/** Operators whose DNI starts with the typed digits. */
export function filterOperators(rows: readonly OperadorRow[], prefix: string, limit = SUGGEST_LIMIT): OperadorSuggestion[] {
  if (!/^\d+$/.test(prefix)) return [];
  return rows
    .filter((o) => o.dni.startsWith(prefix))
    .sort((a, b) => a.dni.localeCompare(b.dni))
    .slice(0, limit)
    .map(({ operador_id, dni, nombres }) => ({ operador_id, dni, nombres }));
}

export function suggestOperators(dni: string, signal?: AbortSignal): Promise<OperadorSuggestion[]> {
  return withCacheFallback(
    () => api.get<{ items: OperadorSuggestion[] }>(`/api/operadores/suggestdni/${encodeURIComponent(dni)}`, signal).then((r) => r.items),
    async () => {
      const rows = (await readCached<OperadorRow[]>(OPERADORES_KEY))?.data;
      return rows && filterOperators(rows, dni);
    },
  );
}
