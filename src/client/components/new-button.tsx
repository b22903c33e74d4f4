// The list's "Nuevo" button, rendered only when the user holds its role code.
import { Plus } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { useHasRole } from '@client/lib/session';
import { Button } from './ui/button';

export interface NewButtonProps {
  /** Role code required to see the button (e.g. ROLE.actividadNuevo). */
  code: number;
  onClick: () => void;
  /** Defaults to 'Nuevo'. */
  label?: string;
  disabled?: boolean;
}

export function NewButton({ code, onClick, label = LABELS.newRecord, disabled }: NewButtonProps) {
  if (!useHasRole(code)) return null;
  return (
    <Button size="sm" onClick={onClick} disabled={disabled}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}
