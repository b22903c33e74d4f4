// Labelled text input and select with their field messages (label association, aria-invalid, aria-describedby).
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { DateInput, type DateInputProps } from '@client/components/ui/date-input';
import { FieldError, Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select, type SelectOption } from '@client/components/ui/select';

/**
 * How every react-hook-form form validates: while typing, not on blur. A modal opens on its first field, and a
 * blur error ('Campo obligatorio') appearing as the user clicks Cancelar pushed the button down under the
 * pointer, so the click missed and the modal stayed open.
 */
export const FORM_VALIDATION = { mode: 'onChange' } as const;

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** Shown under the input when there is no error. */
  hint?: ReactNode;
  className?: string;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, className, id, required, ...props },
  ref,
) {
  const auto = useId();
  const inputId = id ?? auto;
  const msgId = `${inputId}-msg`;
  return (
    <div className={className}>
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      <Input
        ref={ref}
        id={inputId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? msgId : undefined}
        {...props}
      />
      <FieldError id={msgId} message={error} />
      {!error && hint ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
});

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly SelectOption[];
  error?: string;
  className?: string;
}

/** Labelled native select with its field message. */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, error, className, id, required, ...props },
  ref,
) {
  const auto = useId();
  const selectId = id ?? auto;
  return (
    <div className={className}>
      <Label htmlFor={selectId} required={required}>
        {label}
      </Label>
      <Select ref={ref} id={selectId} options={options} required={required} aria-invalid={error ? true : undefined} {...props} />
      <FieldError message={error} />
    </div>
  );
});

export interface DateFieldProps extends DateInputProps {
  label: string;
  className?: string;
}

/** Labelled year-month-day date input. */
export function DateField({ label, className, id, required, ...props }: DateFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={className}>
      <Label htmlFor={inputId} required={required}>
        {label}
      </Label>
      <DateInput id={inputId} required={required} {...props} />
    </div>
  );
}
