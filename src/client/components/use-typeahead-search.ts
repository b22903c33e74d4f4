// Search state machine of <Typeahead>: 300 ms debounce, repeated values ignored, empty query → no request,
// stale requests aborted, 'N result(s) available' announced 100 ms after results.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG } from '@shared/messages';

export type TypeaheadStatus = 'idle' | 'searching' | 'done' | 'error';

export interface TypeaheadSearchOptions<T> {
  search: (q: string, signal: AbortSignal) => Promise<T[]>;
  minLength: number;
  debounceMs: number;
  announceDelayMs: number;
}

export function useTypeaheadSearch<T>({ search, minLength, debounceMs, announceDelayMs }: TypeaheadSearchOptions<T>) {
  const [items, setItems] = useState<T[]>([]);
  const [status, setStatus] = useState<TypeaheadStatus>('idle');
  const [announcement, setAnnouncement] = useState('');
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const announceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const lastQuery = useRef<string | null>(null);
  const searchRef = useRef(search);
  useEffect(() => {
    searchRef.current = search;
  }, [search]);

  const cancel = useCallback(() => {
    clearTimeout(debounce.current);
    clearTimeout(announceTimer.current);
    controller.current?.abort();
    controller.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const run = useCallback(
    (q: string) => {
      // distinctUntilChanged: the same debounced value does not search again.
      if (q === lastQuery.current) return;
      lastQuery.current = q;
      controller.current?.abort();
      clearTimeout(announceTimer.current);
      setAnnouncement('');
      if (q === '' || q.length < minLength) {
        controller.current = null;
        setItems([]);
        setStatus('idle');
        return;
      }
      const ctrl = new AbortController();
      controller.current = ctrl;
      setStatus('searching');
      searchRef.current(q, ctrl.signal).then(
        (result) => {
          if (ctrl.signal.aborted) return;
          controller.current = null;
          setItems(result);
          setStatus('done');
          announceTimer.current = setTimeout(
            () => setAnnouncement(result.length === 0 ? MSG.noResults : MSG.resultsAvailable(result.length)),
            announceDelayMs,
          );
        },
        () => {
          if (ctrl.signal.aborted) return;
          controller.current = null;
          setItems([]);
          setStatus('error');
        },
      );
    },
    [minLength, announceDelayMs],
  );

  /** Call on every keystroke with the input's text. */
  const onText = useCallback(
    (text: string) => {
      clearTimeout(debounce.current);
      debounce.current = setTimeout(() => run(text.trim()), debounceMs);
    },
    [run, debounceMs],
  );

  /** After a selection: the label now in the input counts as already searched; results are cleared. */
  const settle = useCallback(
    (text: string) => {
      cancel();
      lastQuery.current = text.trim();
      setItems([]);
      setStatus('idle');
    },
    [cancel],
  );

  return { items, status, announcement, onText, settle, cancel };
}
