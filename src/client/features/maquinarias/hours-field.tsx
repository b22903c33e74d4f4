// A numeric hours field of a react-hook-form form: digits with up to two decimals, kept as text while typed
// ('12.' stays on screen) and handed to the form as a number; values set by the form (defaults of a supply) show up.
import { useEffect, useId, useRef, useState } from 'react';
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { NumericInput } from '@client/components/numeric-input';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';

export interface HoursFieldProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  name: FieldPath<V>;
  label: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Show the field's own message under it (default: the caller shows a shared one). */
  showError?: boolean;
  className?: string;
}

const asText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

export function HoursField<V extends FieldValues>({
  form,
  name,
  label,
  required,
  disabled,
  readOnly,
  showError = false,
  className,
}: HoursFieldProps<V>) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  const [text, setText] = useState(() => asText(field.value));
  const emitted = useRef<unknown>(field.value);
  useEffect(() => {
    // Follow values set from outside (reset, setValue), not the echo of what is being typed.
    if (field.value !== emitted.current) {
      emitted.current = field.value;
      setText(asText(field.value));
    }
  }, [field.value]);
  return (
    <div className={className}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <NumericInput
        id={id}
        ref={field.ref}
        name={field.name}
        value={text}
        disabled={disabled}
        readOnly={readOnly}
        aria-invalid={fieldState.error ? true : undefined}
        onBlur={field.onBlur}
        onValueChange={(t) => {
          const value = t === '' ? undefined : Number(t);
          emitted.current = value;
          setText(t);
          field.onChange(value);
        }}
        className={readOnly ? 'bg-slate-100' : undefined}
      />
      {showError && <FieldError message={fieldState.error?.message} />}
    </div>
  );
}
