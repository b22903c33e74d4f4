// Operator ID (DNI) typeahead of the exit modal: digits only, at most 8, marked required; choosing a suggestion
// fills operador_id and operador_name. With 8 digits typed, a known operator (cached list) is filled in too.
import { useEffect, useId } from 'react';
import type { OperadorSuggestion } from '@shared/contract/operadores';
import { LABELS } from '@shared/messages';
import { Typeahead } from '@client/components/typeahead';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { suggestOperators, useOperadores } from '@client/features/operadores/api';

const S = LABELS.salidas;

export interface OperatorValue {
  operador_id: number | null;
  operador_dni: string;
  operador_name: string;
}

export function OperatorField({
  value,
  onChange,
  disabled,
}: {
  value: OperatorValue;
  onChange: (v: OperatorValue) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const operadores = useOperadores();

  // 8 digits typed without choosing: take the operator with exactly that DNI from the catalogue.
  useEffect(() => {
    if (value.operador_id !== null || !/^\d{8}$/.test(value.operador_dni)) return;
    const known = operadores.data?.find((o) => o.dni === value.operador_dni);
    if (known) onChange({ operador_id: known.operador_id, operador_dni: known.dni, operador_name: known.nombres });
  }, [value, operadores.data, onChange]);

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
          maxLength={8}
          inputMode="numeric"
          sanitize={(t) => t.replace(/\D/g, '').slice(0, 8)}
          value={value.operador_dni}
          invalid={value.operador_dni !== '' && value.operador_dni.length !== 8}
          onInputChange={(t) => {
            if (t !== value.operador_dni) onChange({ operador_id: null, operador_dni: t, operador_name: '' });
          }}
          search={suggestOperators}
          getKey={(o) => o.operador_id}
          getLabel={(o) => o.dni}
          renderItem={(o) => `${o.dni} - ${o.nombres}`}
          onSelect={(o) => onChange({ operador_id: o.operador_id, operador_dni: o.dni, operador_name: o.nombres })}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-name`}>{S.operatorName}</Label>
        <Input id={`${id}-name`} value={value.operador_name} readOnly disabled />
      </div>
    </>
  );
}
