// A list opened from an Inicio card shows only that card's items. The card navigates with a search
// value `filtro` (the router's history is in memory, so the address bar never changes); the screen reads it here and
// shows a chip 'Mostrando: …  ✕' whose ✕ removes the filter (replacing the entry, so going back does not bring it back).
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { limaDate } from '@shared/domain/dates';
import { rangeFirstDay } from '@shared/contract/ranges';
import { INICIO } from '@shared/messages';

/** The filters the Inicio cards open their screens with. */
export const SCREEN_FILTERS = {
  /** Machinery list: machines with a part in the danger band. */
  peligro: INICIO.filters.peligro,
  /** Machinery list: machines with a part reaching its limit within 7 days (not yet in danger). */
  proximos: INICIO.filters.proximos,
  /** Failures: those still PENDIENTE. */
  fallasPendientes: INICIO.filters.fallasPendientes,
  /** Daily reports: those no valuation took yet. */
  sinValorizar: INICIO.filters.sinValorizar,
  /** Requests: those still pending attention. */
  pedidosPendientes: INICIO.filters.pedidosPendientes,
} as const;
export type ScreenFilter = keyof typeof SCREEN_FILTERS;

/** Search of a navigation that opens a screen with a filter: `navigate({ to, search: filterSearch('peligro') })`. */
export const filterSearch = (filtro: ScreenFilter) => ({ filtro });

/** The screen's filter when it is one of `accepted` (null otherwise), and the call that removes it. */
export function useScreenFilter<K extends ScreenFilter>(accepted: readonly K[]): { filtro: K | null; clear: () => void } {
  const search: { filtro?: unknown } = useSearch({ strict: false });
  const pathname = useLocation({ select: (l) => l.pathname });
  const navigate = useNavigate();
  const filtro = accepted.find((k) => k === search.filtro) ?? null;
  const clear = useCallback(() => void navigate({ to: pathname, search: {}, replace: true }), [navigate, pathname]);
  return { filtro, clear };
}

/** 'Mostrando: fallas pendientes  ✕': what the list is limited to, and the button that shows everything again. */
export function FilterChip({ filtro, onClear }: { filtro: ScreenFilter | null; onClear: () => void }) {
  if (!filtro) return null;
  return (
    <div
      role="status"
      className="flex w-fit items-center gap-2 rounded-full border border-brand-100 bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900"
    >
      <span>{INICIO.showing(SCREEN_FILTERS[filtro])}</span>
      <button
        type="button"
        onClick={onClear}
        aria-label={INICIO.clearFilter}
        title={INICIO.clearFilter}
        className="inline-flex size-7 items-center justify-center rounded-full hover:bg-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * The date range of a list opened with a filter, or undefined for the list's default: the widest the list answers
 * (`maxMonths`, contract/ranges.ts) up to today, so the card's items of that period all show.
 */
export function filterRange(filtro: ScreenFilter | null, maxMonths: number) {
  if (!filtro) return undefined;
  const today = limaDate();
  return { start: rangeFirstDay(today, maxMonths), end: today };
}
