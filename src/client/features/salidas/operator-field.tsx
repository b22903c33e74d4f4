// Operator ID (DNI) typeahead of the exit modal: the kit's document rule (digits only, at most 8: a longer number is
// refused whole), marked required; choosing a suggestion fills operador_id and operador_name. With 8 digits typed,
// the operator with that DNI is looked up through the kit's useDocumentLookup (the cached catalogue, then the
// server's suggestions, or the device copy offline): found, it is filled in; not found, the field says 'Operador no
// encontrado' before the clerk tries to save (the server would refuse the exit). A lookup with no answer at all
// (offline without a copy of the operators) says so under the field and leaves the decision to the server.
import { useEffect, useId, useRef } from 'react';
import type { OperadorSuggestion } from '@shared/contract/operadores';
import { LABELS, MSG } from '@shared/messages';
import { Typeahead } from '@client/components/typeahead';
import { documentLength, isCompleteDocument, useDocumentLookup, type DocumentLookup } from '@client/components/use-document-lookup';
import { Textarea } from '@client/components/ui/textarea';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { suggestOperators, useOperadores } from '@client/features/operadores/api';

const S = LABELS.salidas;
const DNI_LENGTH = documentLength('DNI');

export interface OperatorValue {
  operador_id: number | null;
  operador_dni: string;
  operador_name: string;
}

export type OperatorCheck = 'none' | 'checking' | 'found' | 'notFound';

/** Resolves a typed DNI to its operator (filling it through `onChange`) and says whether it exists. */
function useOperatorCheck(value: OperatorValue, onChange: (v: OperatorValue) => void): { check: OperatorCheck; lookup: DocumentLookup } {
  const operadores = useOperadores();
  const catalogue = useRef(operadores.data);
  catalogue.current = operadores.data;
  const lookup = useDocumentLookup<OperadorSuggestion>({
    kind: 'DNI',
    value: value.operador_dni,
    // A corrected exit whose operator was never resolved is looked up when the form opens.
    onMount: value.operador_id === null,
    find: async (dni, signal) =>
      catalogue.current?.find((o) => o.dni === dni) ?? (await suggestOperators(dni, signal)).find((o) => o.dni === dni) ?? null,
    onFound: (o) => onChange({ operador_id: o.operador_id, operador_dni: o.dni, operador_name: o.nombres }),
  });
  if (value.operador_id !== null) return { check: 'found', lookup };
  if (!isCompleteDocument(value.operador_dni, 'DNI')) return { check: 'none', lookup };
  // No answer at all ('failed': offline without a copy of the operators): the server decides.
  const check = lookup.status === 'searching' ? 'checking' : lookup.status === 'notFound' ? 'notFound' : 'none';
  return { check, lookup };
}

export function OperatorField({
  value,
  onChange,
  disabled,
  error: ownError,
  onCheck,
}: {
  value: OperatorValue;
  onChange: (v: OperatorValue) => void;
  disabled?: boolean;
  /** Field message from the form ('El DNI debe tener 8 dígitos'); an unknown DNI is said by the field itself. */
  error?: string;
  /** Told the state of the typed DNI's lookup, so the form can keep Grabar disabled while it is unknown. */
  onCheck?: (check: OperatorCheck) => void;
}) {
  const id = useId();
  const { check, lookup } = useOperatorCheck(value, onChange);
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
          search={suggestOperators}
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
