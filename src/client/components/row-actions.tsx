// A row's actions: view, edit, the screen's own ones, delete — each shown only when its handler is given and the user
// holds its code. With a mouse they are icon buttons named by their aria-label (a tooltip on hover); on a touch screen,
// where nothing hovers, they are one 'Acciones' button opening a menu of labelled items (icon and text), the
// destructive ones last after a separator. Either way an action keeps its accessible name ('Editar', 'Eliminar'...).
import { memo, useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { EllipsisVertical, Eye, Pencil, Trash2 } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { holdsRole, useHasRole, useSession } from '@client/lib/session';
import { cn } from '@client/lib/cn';
import { useCoarsePointer } from '@client/lib/pointer';
import { Button, IconButton } from './ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from './ui/dropdown-menu';

/** One of a screen's own row actions (a PDF, the permissions...). */
export interface RowAction {
  /** The accessible name: the tooltip with a mouse, the item's text on a touch screen. */
  label: string;
  icon: ComponentType<{ 'aria-hidden'?: 'true'; className?: string }>;
  onClick: () => void;
  /** Role code (ROLE.* of shared/auth/permissions.ts) the user must hold; none = whoever sees the list. */
  code?: number;
  /** Colour classes of the icon. */
  className?: string;
  /** Deletes or undoes something: placed last, after a separator in the touch menu. */
  destructive?: boolean;
}

export interface RowActionsProps {
  /** Role codes (ROLE.* of shared/auth/permissions.ts). */
  editCode?: number;
  deleteCode?: number;
  viewCode?: number;
  onEdit?: () => void;
  onDelete?: () => void;
  onView?: () => void;
  /** The screen's own actions, after view and edit and before delete; a falsy entry is left out. */
  actions?: readonly (RowAction | false | null | undefined)[];
  /** Classes of the icon buttons' box (with a mouse), e.g. to wrap many of them. */
  className?: string;
}

interface Shown {
  /** 'view' | 'edit' | 'delete', or 'x<n>' for the n-th of `actions`. */
  id: string;
  label: string;
  Icon: RowAction['icon'];
  className?: string;
  destructive?: boolean;
}

const VIEW: Shown = { id: 'view', label: LABELS.view, Icon: Eye, className: 'text-sky-700 hover:text-sky-900' };
const EDIT: Shown = { id: 'edit', label: LABELS.edit, Icon: Pencil, className: 'text-amber-600 hover:text-amber-800' };
const DELETE: Shown = { id: 'delete', label: LABELS.remove, Icon: Trash2, className: 'text-red-600 hover:text-red-800', destructive: true };

/**
 * An icon button that redraws only when what it shows changes, not when the row shows another record: every prop
 * is the same for every record (`run` is stable and calls the row's latest handlers).
 */
const RowButton = memo(function RowButton({ id, label, Icon, className, run }: Shown & { run: (id: string) => void }) {
  return (
    <IconButton aria-label={label} className={className} onClick={() => run(id)}>
      <Icon aria-hidden="true" />
    </IconButton>
  );
});

function item(s: Shown, run: (id: string) => void) {
  return (
    <DropdownMenuItem key={s.id} destructive={s.destructive} onSelect={() => run(s.id)}>
      <s.Icon aria-hidden="true" className={s.destructive ? undefined : s.className} />
      {s.label}
    </DropdownMenuItem>
  );
}

/** The touch form: one labelled button, the actions in a menu (its items are ≥ 44 px high, styles.css). */
function RowActionsMenu({ shown, run }: { shown: Shown[]; run: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  // Radix opens a menu on pointer down, so a finger that starts a scroll on the button would open it: a finger
  // opens it on the tap (click) instead, which a scroll never fires. Mouse and keyboard keep Radix's behaviour.
  const finger = useRef(false);
  const safe = shown.filter((s) => !s.destructive);
  const danger = shown.filter((s) => s.destructive);
  return (
    <div className="flex justify-center">
      <DropdownMenu open={open} onOpenChange={setOpen}>
        <DropdownMenuTrigger
          asChild
          onPointerDown={(e) => {
            finger.current = e.pointerType !== 'mouse';
            if (finger.current) e.preventDefault();
          }}
          onClick={() => {
            if (finger.current) setOpen((o) => !o);
            finger.current = false;
          }}
        >
          <Button variant="outline" size="sm" className="gap-1 px-2">
            <EllipsisVertical aria-hidden="true" />
            {LABELS.rowActions}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {safe.map((s) => item(s, run))}
          {safe.length > 0 && danger.length > 0 && <DropdownMenuSeparator />}
          {danger.map((s) => item(s, run))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

export function RowActions({ editCode, deleteCode, viewCode, onEdit, onDelete, onView, actions, className }: RowActionsProps) {
  // The handlers are new for every record: the buttons call the latest ones through one stable function, so after a
  // sort or a keystroke a row's buttons (the same for every record) are not drawn again.
  const latest = useRef({ onEdit, onDelete, onView, actions });
  latest.current = { onEdit, onDelete, onView, actions };
  const run = useCallback((id: string) => {
    const l = latest.current;
    if (id === 'view') l.onView?.();
    else if (id === 'edit') l.onEdit?.();
    else if (id === 'delete') l.onDelete?.();
    else {
      const a = l.actions?.[Number(id.slice(1))];
      if (a) a.onClick();
    }
  }, []);
  // One session read per row (a list draws dozens of rows at once).
  const session = useSession();
  const touch = useCoarsePointer();
  const shown: Shown[] = [];
  if (onView && holdsRole(session, viewCode)) shown.push(VIEW);
  if (onEdit && holdsRole(session, editCode)) shown.push(EDIT);
  actions?.forEach((a, i) => {
    if (a && holdsRole(session, a.code))
      shown.push({ id: `x${i}`, label: a.label, Icon: a.icon, className: a.className, destructive: a.destructive });
  });
  if (onDelete && holdsRole(session, deleteCode)) shown.push(DELETE);
  if (shown.length === 0) return null;
  // Delete comes last, never between two harmless actions.
  const ordered = [...shown.filter((s) => !s.destructive), ...shown.filter((s) => s.destructive)];
  if (touch) return <RowActionsMenu shown={ordered} run={run} />;
  return (
    <div className={cn('flex items-center justify-center gap-1', className)}>
      {ordered.map((s) => (
        <RowButton key={s.id} {...s} run={run} />
      ))}
    </div>
  );
}

/** Gate for any control: renders children only when the user holds `code`. */
export function IfRole({ code, children }: { code: number | undefined; children: ReactNode }) {
  return useHasRole(code) ? <>{children}</> : null;
}
