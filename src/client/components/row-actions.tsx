// Per-row edit / delete / view icon buttons, each shown only when its handler is given and the user holds its code.
import { memo, useCallback, useRef, type ReactNode } from 'react';
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

/** The buttons themselves redraw only when what they show changes, not when the row shows another record. */
const RowButton = memo(IconButton);

export function RowActions({ editCode, deleteCode, viewCode, onEdit, onDelete, onView, children }: RowActionsProps) {
  // The handlers are new for every record: the buttons call the latest ones through stable functions, so after a
  // sort or a keystroke a row's buttons (the same three for every record) are not drawn again.
  const latest = useRef({ onEdit, onDelete, onView });
  latest.current = { onEdit, onDelete, onView };
  const edit = useCallback(() => latest.current.onEdit?.(), []);
  const remove = useCallback(() => latest.current.onDelete?.(), []);
  const view = useCallback(() => latest.current.onView?.(), []);
  // One session read per row (a list draws dozens of rows at once).
  const session = useSession();
  const canEdit = holdsRole(session, editCode);
  const canDelete = holdsRole(session, deleteCode);
  const canView = holdsRole(session, viewCode);
  return (
    <div className="flex items-center justify-center gap-1">
      {onView && canView && (
        <RowButton aria-label={LABELS.view} onClick={view} className="text-sky-700 hover:text-sky-900">
          {VIEW_ICON}
        </RowButton>
      )}
      {onEdit && canEdit && (
        <RowButton aria-label={LABELS.edit} onClick={edit} className="text-amber-600 hover:text-amber-800">
          {EDIT_ICON}
        </RowButton>
      )}
      {onDelete && canDelete && (
        <RowButton aria-label={LABELS.remove} onClick={remove} className="text-red-600 hover:text-red-800">
          {DELETE_ICON}
        </RowButton>
      )}
      {children}
    </div>
  );
}

/** Gate for any control: renders children only when the user holds `code`. */
export function IfRole({ code, children }: { code: number | undefined; children: ReactNode }) {
  return useHasRole(code) ? <>{children}</> : null;
}
