// What a form's Grabar needs: the contract schema run over what the form holds, every render. The first issue is
// the reason Grabar is disabled ('Para grabar, revise N° vale: Campo obligatorio'), always shown beside it; the
// field itself is marked only once the user has worked on it (changed it or left it) or tried to save, so a form
// just opened, or a field the user has not reached yet, is never scolded. A refused save's message comes from the
// server instead (saveErrorMessage).
import { useEffect, useMemo, useState } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { MSG } from '@shared/messages';
import { ApiError, isNoConnection } from '@client/lib/api';

export interface FirstInvalid {
  /** Dotted path of the field ('nro_vale', 'salidas_det'). */
  path: string;
  message: string;
}

/**
 * react-hook-form's resolver over a contract schema (src/shared/contract): the form validates with the very schema
 * its route validates with. Contract schemas read numeric strings as numbers (`numeric`), so a form keeps its inputs
 * as text (what NumericInput gives); `Values` is the form's own shape, because the contract's input type is looser
 * (`unknown` where it preprocesses).
 *
 * - Without `rest`, the submit handler receives the schema's output (`Output`): the body as the server reads it
 *   (numbers parsed, texts trimmed, empty optional texts as null).
 * - With `rest`, the form keeps part of the body outside react-hook-form (the lines and `trash` of a master-detail
 *   form): `rest()` is merged under the values before validating (the form's own values win), so the one schema
 *   judges the whole body, and the handler receives the form's own values unchanged (the output would hold the
 *   lines too, and turn `trash` into ids).
 */
export function contractResolver<Values extends FieldValues, Output = Values>(
  schema: z.ZodType,
  rest?: () => object,
): Resolver<Values, unknown, Output> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
  if (!rest) return resolve as unknown as Resolver<Values, unknown, Output>;
  return (async (values, ctx, options) => {
    const r = await resolve({ ...rest(), ...values }, ctx, options as never);
    return Object.keys(r.errors).length === 0 ? { values, errors: {} } : { values: {}, errors: r.errors };
  }) as Resolver<Values, unknown, Output>;
}

/** The first problem the schema finds in `values`, or null when they would be accepted. */
export function firstInvalid(schema: z.ZodType, values: unknown): FirstInvalid | null {
  const r = schema.safeParse(values);
  if (r.success) return null;
  const issue = r.error.issues[0];
  return { path: issue.path.map(String).join('.'), message: issue.message };
}

export interface FormGateInput {
  schema: z.ZodType;
  /** The body as it would be sent. */
  values: unknown;
  /** Field labels by path, for the reason ('nro_vale' → 'N° vale'); a path without label shows the message only. */
  labels: Readonly<Record<string, string>>;
  /** A reason that comes before the schema's (the order was not looked up yet, it is already entered). */
  pre?: FirstInvalid | null;
  /**
   * A reason of the form's own rules (a line above stock, an unknown operator). It goes before the schema's when its
   * field comes earlier in `labels` (the form's order): the reason names the first field to fix, the one marked.
   */
  extra?: FirstInvalid | null;
  /** Marks a field (react-hook-form's trigger) once the user worked on it; only paths in `labels` are marked. */
  mark?: (path: string) => void;
  /**
   * react-hook-form's `formState`, for the fields it holds: a nested field changed ('partesdiarios_det.cantid') and
   * whether a save was tried (then every field may be marked).
   */
  worked?: WorkedState;
}

/** The part of react-hook-form's formState the gate reads (not touchedFields: leaving a field is not working on it). */
export interface WorkedState {
  dirtyFields: object;
  submitCount: number;
}

/** Dotted paths of the true leaves of react-hook-form's dirtyFields. */
function pathsOf(tree: unknown, prefix: string, into: Set<string>) {
  if (!tree || typeof tree !== 'object') {
    if (tree && prefix) into.add(prefix);
    return;
  }
  for (const [k, v] of Object.entries(tree)) pathsOf(v, prefix ? `${prefix}.${k}` : k, into);
}

const isPlain = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Dotted paths where `now` differs from `before`: plain objects are compared key by key, anything else whole. */
function changedPaths(before: unknown, now: unknown, prefix: string, into: Set<string>) {
  if (isPlain(before) && isPlain(now)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(now)]))
      changedPaths(before[k], now[k], prefix ? `${prefix}.${k}` : k, into);
  } else if (prefix && before !== now && JSON.stringify(before) !== JSON.stringify(now)) into.add(prefix);
}

/**
 * The paths the user has worked on: the values that differ from the first ones the form showed, and
 * react-hook-form's changed fields. Once worked on, a field stays so (changing it back does not hide its message).
 * Leaving a field untouched is not working on it: a message appearing as the user clicks Cancelar would move the
 * button under the pointer. A line's path ('salidas_det.0.cantidad') counts as worked on once its list changed.
 */
function useWorked(values: unknown, worked: WorkedState | undefined): (path: string) => boolean {
  const [seen] = useState(() => new Set<string>());
  const [first] = useState(() => values);
  changedPaths(first, values, '', seen);
  if (worked) pathsOf(worked.dirtyFields, '', seen);
  const submitted = (worked?.submitCount ?? 0) > 0;
  return (path) => submitted || path.split('.').some((_, i, parts) => seen.has(parts.slice(0, i + 1).join('.')));
}

export interface FormGate {
  valid: boolean;
  first: FirstInvalid | null;
  /** For FormModal's invalidReason ('Para grabar, revise …'). */
  reason: string | null;
  /** For a line sub-dialog's (ItemModal's) invalidReason ('Para agregar, revise …'). */
  addReason: string | null;
  /** The message to mark field `path` with: its own error, or the gate's first problem once the user worked on it. */
  errorAt: (path: string, own?: string) => string | undefined;
}

/** Of the schema's reason and the form's own, the one whose field comes first in `labels`; the schema's on a tie. */
function earlier(judged: FirstInvalid | null, extra: FirstInvalid | null, labels: Readonly<Record<string, string>>): FirstInvalid | null {
  if (!judged || !extra) return judged ?? extra;
  const order = Object.keys(labels);
  const at = (f: FirstInvalid) => order.indexOf(f.path.split('.')[0]);
  return at(extra) >= 0 && at(judged) >= 0 && at(extra) < at(judged) ? extra : judged;
}

export function useFormGate({ schema, values, labels, pre, extra, mark, worked }: FormGateInput): FormGate {
  const judged = useMemo(() => firstInvalid(schema, values), [schema, values]);
  const first = pre ?? earlier(judged, extra ?? null, labels);
  const path = first?.path ?? null;
  const workedOn = useWorked(values, worked);
  const markNow = path !== null && path in labels && workedOn(path);
  useEffect(() => {
    if (markNow && path) mark?.(path);
  }, [markNow, path, mark]);
  return {
    valid: first === null,
    first,
    reason: first ? MSG.cannotSaveYet(labels[first.path] ?? '', first.message) : null,
    addReason: first ? MSG.cannotAddYet(labels[first.path] ?? '', first.message) : null,
    errorAt: (p, own) => own ?? (first?.path === p && workedOn(p) ? first.message : undefined),
  };
}

/**
 * What a refused save shows: the server's own reason for any 4xx (it is always a clear Spanish sentence), the
 * no-connection message, or 'No se pudo grabar registro' for a server failure. Null for a 401 (the session ends and
 * the login screen says so).
 */
export function saveErrorMessage(err: unknown): string {
  if (isNoConnection(err)) return MSG.saveFailedOffline;
  if (err instanceof ApiError) {
    if (err.status === 401) return MSG.sessionRequired;
    if (err.status >= 400 && err.status < 500 && err.message) return err.message;
  }
  return MSG.saveFailed;
}
