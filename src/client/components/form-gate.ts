// What a form's Grabar needs: the contract schema run over what the form holds, every render. The first issue is
// the reason Grabar is disabled ('Para grabar, revise N° vale: Campo obligatorio'); once the user has changed
// something, that field is marked too, so a disabled Grabar never leaves the clerk guessing. A refused save's
// message comes from the server instead (saveErrorMessage).
import { useEffect, useMemo } from 'react';
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
  /** Marks a field (react-hook-form's trigger) once the form has changes; only paths in `labels` are marked. */
  mark?: (path: string) => void;
  /** True once the user changed something: marking a field of a form just opened would only scold. */
  dirty?: boolean;
}

export interface FormGate {
  valid: boolean;
  first: FirstInvalid | null;
  /** For FormModal's invalidReason. */
  reason: string | null;
  /** The message to mark field `path` with: its own error, or the gate's first problem once the form has changes. */
  errorAt: (path: string, own?: string) => string | undefined;
}

/** Of the schema's reason and the form's own, the one whose field comes first in `labels`; the schema's on a tie. */
function earlier(judged: FirstInvalid | null, extra: FirstInvalid | null, labels: Readonly<Record<string, string>>): FirstInvalid | null {
  if (!judged || !extra) return judged ?? extra;
  const order = Object.keys(labels);
  const at = (f: FirstInvalid) => order.indexOf(f.path.split('.')[0]);
  return at(extra) >= 0 && at(judged) >= 0 && at(extra) < at(judged) ? extra : judged;
}

export function useFormGate({ schema, values, labels, pre, extra, mark, dirty = false }: FormGateInput): FormGate {
  const judged = useMemo(() => firstInvalid(schema, values), [schema, values]);
  const first = pre ?? earlier(judged, extra ?? null, labels);
  const path = first?.path ?? null;
  useEffect(() => {
    if (dirty && path && path in labels) mark?.(path);
  }, [dirty, path, labels, mark]);
  return {
    valid: first === null,
    first,
    reason: first ? MSG.cannotSaveYet(labels[first.path] ?? '', first.message) : null,
    errorAt: (p, own) => own ?? (dirty && first?.path === p ? first.message : undefined),
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
