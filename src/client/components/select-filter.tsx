// Toolbar select with a first 'Todos' option worth 0 (machines, supplies): value and onChange are numbers.
import { useId } from 'react';
import { LABELS } from '@shared/messages';
import { Label } from './ui/label';
import { Select } from './ui/select';

export interface SelectFilterProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
  options: readonly { value: number; label: string }[];
  /** Text of the 0 option (default 'Todos'); pass null to leave it out. */
  allLabel?: string | null;
  disabled?: boolean;
  className?: string;
}

export function SelectFilter({ label, value, onChange, options, allLabel = LABELS.all, disabled, className }: SelectFilterProps) {
  const id = useId();
  return (
    <div className={className ?? 'w-56'}>
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
        {allLabel !== null && <option value={0}>{allLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </div>
  );
}
