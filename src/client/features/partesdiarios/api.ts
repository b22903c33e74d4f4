// Daily work reports API of the 'Partes diarios' screen: the delete (the list, the report as the form keeps it and the
// form itself are in the kit, components/partes, which the valuations share; the offline save is offline.tsx).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partesdiariosApi } from '@shared/contract/partesdiarios';
import { call } from '@client/lib/api';
import { PARTES_KEY } from '@client/components/partes/parte-item';

export function useDeleteParte() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(partesdiariosApi.remove, { params: { id } }),
    onSuccess: () => Promise.all([PARTES_KEY, ['maquinarias']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}
