// Per-row edit / delete / view icon buttons, each shown only when its handler is given and the user holds its code.
import type { ReactNode } from 'react';
import { Eye, Pencil, Trash2 } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { holdsRole, useHasRole, useSession } from '@client/lib/session';
import { IconButton } from './ui/button';

export interface RowActionsProps {
  /** Role codes (ROLE.* of shared/auth/permissions.ts). */
  editCode?: number;
  deleteCode?: number;
  viewCode?: number;
  onEdit?: () => void;
  onDelete?: () => void;
  onView?: () => void;
  /** Extra buttons (e.g. 'Ver PDF', wear bars), rendered after the standard ones. */
  children?: ReactNode;
}

// Made once: a row that shows another record re-renders its buttons, not their icons.
const VIEW_ICON = <Eye aria-hidden="true" />;
const EDIT_ICON = <Pencil aria-hidden="true" />;
const DELETE_ICON = <Trash2 aria-hidden="true" />;

export function RowActions({ editCode, deleteCode, viewCode, onEdit, onDelete, onView, children }: RowActionsProps) {
  // One session read per row (a list draws dozens of rows at once).
  const session = useSession();
  const canEdit = holdsRole(session, editCode);
  const canDelete = holdsRole(session, deleteCode);
  const canView = holdsRole(session, viewCode);
  return (
    <div className="flex items-center justify-center gap-1">
      {onView && canView && (
        <IconButton aria-label={LABELS.view} onClick={onView} className="text-sky-700 hover:text-sky-900">
          {VIEW_ICON}
        </IconButton>
      )}
      {onEdit && canEdit && (
        <IconButton aria-label={LABELS.edit} onClick={onEdit} className="text-amber-600 hover:text-amber-800">
          {EDIT_ICON}
        </IconButton>
      )}
      {onDelete && canDelete && (
        <IconButton aria-label={LABELS.remove} onClick={onDelete} className="text-red-600 hover:text-red-800">
          {DELETE_ICON}
        </IconButton>
      )}
      {children}
    </div>
  );
}

/** Gate for any control: renders children only when the user holds `code`. */
export function IfRole({ code, children }: { code: number | undefined; children: ReactNode }) {
  return useHasRole(code) ? <>{children}</> : null;
}
