// Styled native <select> (fast, accessible, works with react-hook-form and on tablets).
import { forwardRef, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@client/lib/cn';

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface NativeSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** Options to render; children may be used instead. */
  options?: readonly SelectOption[];
  /** Optional first option with an empty value. */
  placeholder?: string;
}

export const Select = forwardRef<HTMLSelectElement, NativeSelectProps>(function Select(
  { className, options, placeholder, children, ...props },
  ref,
) {
  return (
    <div className={cn('relative', className)}>
      <select
        ref={ref}
        className="h-9 w-full cursor-pointer appearance-none rounded-md border border-input bg-white py-1 pr-8 pl-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70 aria-[invalid=true]:border-destructive"
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
});
