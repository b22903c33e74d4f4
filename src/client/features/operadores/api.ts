// Operators API: the operators screen's list (under the key of the catalogue the exit and report forms read, whose
// DNI field is the kit's components/operador-field.tsx), identity lookup, save and delete.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DUPLICATE_OP, operadoresApi, type Individuo, type OperadorBody, type OperadorRow } from '@shared/contract/operadores';
import { MSG } from '@shared/messages';
import { ApiError, call, isNoConnection } from '@client/lib/api';
import { CATALOG } from '@client/components/catalogs';
import { useListQuery } from '@client/components/list-query';

export type { OperadorRow };

const OPERADORES_KEY = CATALOG.operadores.key;

/** LISTADO DE OPERADORES: the same key as the catalogue, so the exit form sees a new operator at once. */
export function useOperadoresList() {
  return useListQuery(OPERADORES_KEY, (signal) => call(operadoresApi.list, { signal }));
}

/** The individuals of the identity registry with that DNI (an array). */
export function searchDni(dni: string, signal?: AbortSignal): Promise<Individuo[]> {
  return call(operadoresApi.searchDni, { params: { dni }, signal });
}

/** crear → POST, editar → PUT (the DNI is not sent on edit: the server never changes it). */
export function saveOperador(form: OperadorBody & { operador_id: number | null }): Promise<OperadorRow> {
  if (form.editorMode === 'editar' && form.operador_id !== null) {
    const { dni: _dni, operador_id, ...body } = form;
    return call(operadoresApi.update, { params: { operador_id }, body });
  }
  const { operador_id: _id, ...body } = form;
  return call(operadoresApi.create, { body });
}

export function useSaveOperador() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: saveOperador, onSuccess: () => qc.invalidateQueries({ queryKey: OPERADORES_KEY }) });
}

export function useDeleteOperador() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(operadoresApi.remove, { params: { operador_id: id } }),
    onSuccess: (_d, id) => {
      qc.setQueryData<OperadorRow[]>(OPERADORES_KEY, (rows) => rows?.filter((r) => r.operador_id !== id));
      return qc.invalidateQueries({ queryKey: OPERADORES_KEY });
    },
  });
}

/** 'duplicate_op' (422) → 'Operador ya existente'; 403 → the server's message; otherwise 'No se pudo guardar registro'. */
export function operadorSaveError(err: unknown): string {
  if (err instanceof ApiError && err.status === 422 && err.message === DUPLICATE_OP) return MSG.duplicateOperator;
  if (err instanceof ApiError && (err.status === 403 || err.status === 409) && err.message) return err.message;
  if (isNoConnection(err)) return MSG.saveFailedOffline;
  return MSG.saveFailedOperator;
}
