// The welcome screen's summary (GET /api/inicio), through the offline cache like the lists: offline, the cards
// show the device's last copy.
import { useQuery } from '@tanstack/react-query';
import { inicioApi } from '@shared/contract/inicio';
import { call } from '@client/lib/api';
import { cachedData } from '@client/offline';

export const INICIO_KEY = ['inicio'] as const;

export function useInicio(enabled: boolean) {
  return useQuery({
    queryKey: INICIO_KEY,
    queryFn: ({ signal }) => cachedData(INICIO_KEY, () => call(inicioApi.cards, { signal })),
    enabled,
    retry: false,
    refetchOnReconnect: 'always',
  });
}
