// Operator ID (DNI) typeahead of the exit and daily-report forms: the kit's document rule (digits only, at most 8: a
// longer number is refused whole), marked required; choosing a suggestion fills operador_id and operador_name. With 8
// digits typed, the operator with that DNI is looked up through useDocumentLookup (the cached catalogue, then the
// server's suggestions, or the device copy offline): found, it is filled in; not found, the field says 'Operador no
// encontrado' before the clerk tries to save (the server would refuse the exit). A lookup with no answer at all
// (offline without a copy of the operators) says so under the field and leaves the decision to the server.
import { useEffect, useId, useRef } from 'react';
import { operadoresApi, type OperadorRow, type OperadorSuggestion } from '@shared/contract/operadores';
import { LABELS, MSG } from '@shared/messages';
import { call } from '@client/lib/api';
import { readCached, withCacheFallback } from '@client/offline';
import { CATALOG, useCatalog } from './catalogs';
import { Typeahead } from './typeahead';
import { documentLength, isCompleteDocument, useDocumentLookup, type DocumentLookup } from './use-document-lookup';
import { Textarea } from './ui/textarea';
import { FieldError } from './ui/input';
import { Label } from './ui/label';

const S = LABELS.salidas;
const DNI_LENGTH = documentLength('DNI');
const SUGGEST_LIMIT = 20;

/** Operators whose DNI starts with the typed digits. */
function filterOperadores(rows: readonly OperadorRow[], prefix: string, limit = SUGGEST_LIMIT): OperadorSuggestion[] {
  if (!/^\d+$/.test(prefix)) return [];
  return rows
    .filter((o) => o.dni.startsWith(prefix))
    .sort((a, b) => a.dni.localeCompare(b.dni))
    .slice(0, limit)
    .map(({ operador_id, dni, nombres }) => ({ operador_id, dni, nombres }));
}

/** The DNI suggestions: the server first; with no network, the device copy of the catalogue filtered the same way. */
function suggestOperadores(dni: string, signal?: AbortSignal): Promise<OperadorSuggestion[]> {
  return withCacheFallback(
    () => call(operadoresApi.suggestDni, { params: { dni }, signal }).then((r) => r.items),
    async () => {
      const rows = (await readCached<OperadorRow[]>(CATALOG.operadores.key))?.data;
      return rows && filterOperadores(rows, dni);
    },
  );
}

export interface OperadorValue {
  operador_id: number | null;
  operador_dni: string;
  operador_name: string;
}

export type OperadorCheck = 'none' | 'checking' | 'found' | 'notFound';

/** Resolves a typed DNI to its operator (filling it through `onChange`) and says whether it exists. */
function useOperadorCheck(value: OperadorValue, onChange: (v: OperadorValue) => void): { check: OperadorCheck; lookup: DocumentLookup } {
  const operadores = useCatalog(CATALOG.operadores);
  const catalogue = useRef(operadores.data);
  catalogue.current = operadores.data;
  const lookup = useDocumentLookup<OperadorSuggestion>({
    kind: 'DNI',
    value: value.operador_dni,
    // A corrected exit whose operator was never resolved is looked up when the form opens.
    onMount: value.operador_id === null,
    find: async (dni, signal) =>
      catalogue.current?.find((o) => o.dni === dni) ?? (await suggestOperadores(dni, signal)).find((o) => o.dni === dni) ?? null,
    onFound: (o) => onChange({ operador_id: o.operador_id, operador_dni: o.dni, operador_name: o.nombres }),
  });
  if (value.operador_id !== null) return { check: 'found', lookup };
  if (!isCompleteDocument(value.operador_dni, 'DNI')) return { check: 'none', lookup };
  // No answer at all ('failed': offline without a copy of the operators): the server decides.
  const check = lookup.status === 'searching' ? 'checking' : lookup.status === 'notFound' ? 'notFound' : 'none';
  return { check, lookup };
}

export function OperadorField({
  value,
  onChange,
  disabled,
  error: ownError,
  onCheck,
}: {
  value: OperadorValue;
  onChange: (v: OperadorValue) => void;
  disabled?: boolean;
  /** Field message from the form ('El DNI debe tener 8 dígitos'); an unknown DNI is said by the field itself. */
  error?: string;
  /** Told the state of the typed DNI's lookup, so the form can keep Grabar disabled while it is unknown. */
  onCheck?: (check: OperadorCheck) => void;
}) {
  const id = useId();
  const { check, lookup } = useOperadorCheck(value, onChange);
  useEffect(() => onCheck?.(check), [check, onCheck]);
  const unresolved = value.operador_id === null;
  const error =
    check === 'notFound' ? MSG.operatorNotFound : (ownError ?? (unresolved && lookup.status !== 'failed' ? lookup.message : undefined));
  const notice = unresolved && lookup.status === 'failed' ? lookup.message : undefined;
  const invalid = !!error || (value.operador_dni !== '' && !isCompleteDocument(value.operador_dni, 'DNI'));
  return (
    <>
      <div>
        <Label htmlFor={`${id}-dni`} required>
          {S.operatorDni}
        </Label>
        <Typeahead<OperadorSuggestion>
          id={`${id}-dni`}
          aria-label={S.operatorDni}
          placeholder={S.dniPlaceholder}
          required
          disabled={disabled}
          maxLength={DNI_LENGTH}
          inputMode="numeric"
          sanitize={(t) => lookup.input(t) ?? value.operador_dni}
          onPaste={lookup.onPaste}
          value={value.operador_dni}
          // A full DNI filled in by the lookup closes the suggestions, as a choice would.
          resolved={value.operador_id !== null}
          invalid={invalid}
          aria-describedby={error || notice ? `${id}-dni-msg` : undefined}
          onInputChange={(t) => {
            if (t !== value.operador_dni) onChange({ operador_id: null, operador_dni: t, operador_name: '' });
          }}
          search={suggestOperadores}
          getKey={(o) => o.operador_id}
          getLabel={(o) => o.dni}
          renderItem={(o) => `${o.dni} - ${o.nombres}`}
          onSelect={(o) => onChange({ operador_id: o.operador_id, operador_dni: o.dni, operador_name: o.nombres })}
        />
        <FieldError id={`${id}-dni-msg`} message={error} />
        {!error && notice && (
          <p id={`${id}-dni-msg`} className="mt-1 text-xs text-amber-800">
            {notice}
          </p>
        )}
      </div>
      <div className="md:col-span-2">
        <Label htmlFor={`${id}-name`}>{S.operatorName}</Label>
        {/* A textarea as tall as its text: a long operator name wraps instead of being cut off. */}
        <Textarea
          id={`${id}-name`}
          value={value.operador_name}
          readOnly
          disabled
          rows={1}
          className="min-h-9 resize-none py-1.5 [field-sizing:content]"
        />
      </div>
    </>
  );
}
