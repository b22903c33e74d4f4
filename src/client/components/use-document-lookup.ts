// One lookup of a document number, DNI (8 digits) or RUC (11), for every screen that types one (operators, the
// exit form's operator, the top-bar search, valuations). One rule for what the field keeps, one 'Buscando DNI' state
// (the spec's loading modal), one not found and one message for a failed lookup; each screen says what to look up
// and what to do with the answer.
import { useCallback, useEffect, useRef, useState, type ClipboardEvent } from 'react';
import { dni, ruc } from '@shared/contract/common';
import { pideApi } from '@shared/contract/pide';
import { MSG } from '@shared/messages';
import { ApiError, call, isNoConnection } from '@client/lib/api';

export type DocumentKind = 'DNI' | 'RUC';

/** The contract's schema of each document (the server validates with the same). */
const SCHEMA = { DNI: dni, RUC: ruc } as const;
const LENGTH = { DNI: 8, RUC: 11 } as const;

export const documentLength = (kind: DocumentKind): number => LENGTH[kind];

/**
 * The one rule of a typed or pasted document number: the field keeps digits only (spaces, dots and dashes are
 * dropped), and a number with more digits than the document has is refused whole (null), never cut: a pasted
 * 9-digit number is not a DNI, and its first 8 digits would be somebody else's.
 */
export function documentInput(raw: string, kind: DocumentKind): string | null {
  const digits = raw.replace(/\D+/g, '');
  return digits.length > LENGTH[kind] ? null : digits;
}

/** A complete number by the contract's rule: exactly 8 (DNI) or 11 (RUC) digits. */
export const isCompleteDocument = (text: string, kind: DocumentKind): boolean => SCHEMA[kind].safeParse(text).success;

/**
 * The name the identity registry (RENIEC, a DNI) or the tax registry (SUNAT, a RUC) gives for a number: a person's
 * surnames first, as operators are named and as the server names a client it looks up itself. A number the registry
 * does not know answers 404, which the lookup reads as not found.
 */
export async function registryName(kind: DocumentKind, doc: string, signal?: AbortSignal): Promise<string> {
  if (kind === 'DNI') {
    const p = await call(pideApi.reniec, { params: { dni: doc }, signal });
    return [p.apPrimer, p.apSegundo, p.prenombres].filter(Boolean).join(' ').trim();
  }
  return (await call(pideApi.sunat, { params: { ruc: doc }, signal })).razon_social.trim();
}

/**
 * What a failed lookup says, in the field: no connection, the server's own reason for a 4xx (a 400 names the field),
 * or that the server did not answer. Null for a 401: the session ends and the login screen says so.
 */
export function lookupFailure(err: unknown, kind: DocumentKind): string | null {
  if (isNoConnection(err)) return MSG.lookupNoConnection(kind);
  if (!(err instanceof ApiError) || err.status >= 500) return MSG.lookupFailed(kind);
  if (err.status === 401) return null;
  const fields = Object.values(err.fieldErrors ?? {});
  return fields[0] ?? (err.message || MSG.lookupFailed(kind));
}

export type LookupStatus = 'idle' | 'searching' | 'found' | 'notFound' | 'failed';

export interface DocumentLookupOptions<T> {
  kind: DocumentKind;
  /** The number the field holds now: typing changes it, and only a change to a complete number is looked up. */
  value: string;
  /** Asks the registry; null (or a 404 answer) when it does not know the number. */
  find: (doc: string, signal: AbortSignal) => Promise<T | null>;
  onFound?: (answer: T, doc: string) => void;
  onNotFound?: (doc: string) => void;
  /** Look the number up as soon as its last digit is typed (default); false: only when `search` is called. */
  auto?: boolean;
  /** Look the field's number up once when it mounts, if complete (a corrected record that was never resolved). */
  onMount?: boolean;
}

export interface DocumentLookup {
  status: LookupStatus;
  /** 'Buscando DNI' / 'Buscando RUC' while a lookup runs (the loading modal's text), otherwise null. */
  searching: string | null;
  /** The field's message: a number refused as too long, or why the lookup failed. */
  message: string | undefined;
  /**
   * Applies the rule to what was typed: the text the field keeps, or null when it is refused (the field keeps its
   * number and `message` says why). A change of the number drops the last answer; with `auto`, a change to a
   * complete number is looked up.
   */
  input: (raw: string) => string | null;
  /** For the input's onPaste: a field with maxLength would cut a longer paste silently, so it is refused here. */
  onPaste: (e: ClipboardEvent<HTMLInputElement>) => void;
  /** Looks a complete number up now (the top bar's Buscar). */
  search: (doc: string) => void;
  /** Forgets the answer and stops a running lookup (another document type, a cleared form). */
  reset: () => void;
}

export function useDocumentLookup<T>(options: DocumentLookupOptions<T>): DocumentLookup {
  const { kind, auto = true } = options;
  const latest = useRef(options);
  latest.current = options;
  const [status, setStatus] = useState<LookupStatus>('idle');
  /** Why the last lookup failed (with status 'failed'). */
  const [failure, setFailure] = useState<string>();
  /** The last input refused as too long, until an accepted one. */
  const [refused, setRefused] = useState(false);
  const running = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = null;
  }, []);

  const search = useCallback(
    (doc: string) => {
      stop();
      const controller = new AbortController();
      running.current = controller;
      setStatus('searching');
      setFailure(undefined);
      const { find, kind: docKind } = latest.current;
      const settle = (next: LookupStatus, text?: string) => {
        if (controller.signal.aborted) return false;
        running.current = null;
        setStatus(next);
        setFailure(text);
        return true;
      };
      find(doc, controller.signal).then(
        (answer) => {
          if (answer === null) {
            if (settle('notFound')) latest.current.onNotFound?.(doc);
          } else if (settle('found')) latest.current.onFound?.(answer, doc);
        },
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 404) {
            if (settle('notFound')) latest.current.onNotFound?.(doc);
            return;
          }
          const text = lookupFailure(err, docKind);
          settle(text === null ? 'idle' : 'failed', text ?? undefined);
        },
      );
    },
    [stop],
  );

  const reset = useCallback(() => {
    stop();
    setStatus('idle');
    setFailure(undefined);
  }, [stop]);

  const input = (raw: string): string | null => {
    const text = documentInput(raw, kind);
    setRefused(text === null);
    if (text === null || text === latest.current.value) return text;
    reset();
    if (auto && isCompleteDocument(text, kind)) search(text);
    return text;
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? el.value.length;
    const next = el.value.slice(0, start) + e.clipboardData.getData('text') + el.value.slice(end);
    if (documentInput(next, kind) !== null) return;
    e.preventDefault();
    setRefused(true);
  };

  useEffect(() => {
    const { onMount, value, kind: docKind } = latest.current;
    if (onMount && isCompleteDocument(value, docKind)) search(value);
    return stop;
  }, [search, stop]);

  return {
    status,
    searching: status === 'searching' ? MSG.lookupSearching(kind) : null,
    message: refused ? MSG.documentTooLong(kind, LENGTH[kind]) : failure,
    input,
    onPaste,
    search,
    reset,
  };
}
