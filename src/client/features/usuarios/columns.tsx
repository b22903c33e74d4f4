// Columns of LISTADO DE USUARIOS: username, email, state, actions (edit 64, permissions 65, password 66, delete 67).
import { KeyRound, ListTree } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { ACTIONS_COLUMN_ID, type DataColumnDef } from '@client/components/data-table';
import { RowActions } from '@client/components/row-actions';
import { ActiveStateBadge, activeStateLabel } from '@client/components/state-badge';
import type { UsuarioRow } from './api';

const L = LABELS.usuarios;

export interface UsuarioActions {
  onEdit: (row: UsuarioRow) => void;
  onPermissions: (row: UsuarioRow) => void;
  onPassword: (row: UsuarioRow) => void;
  onDelete: (row: UsuarioRow) => void;
}

export function usuarioColumns(a: UsuarioActions): DataColumnDef<UsuarioRow>[] {
  return [
    { accessorKey: 'username', header: L.username, meta: { priority: 1 } },
    { accessorKey: 'email', header: L.email, cell: ({ row }) => row.original.email ?? '', meta: { priority: 3 } },
    {
      accessorKey: 'estado',
      header: L.state,
      cell: ({ row }) => <ActiveStateBadge value={row.original.estado} />,
      meta: { exportValue: (r) => activeStateLabel(r.estado), align: 'center', className: 'w-32', priority: 2 },
    },
    {
      id: ACTIONS_COLUMN_ID,
      header: LABELS.actions,
      enableSorting: false,
      cell: ({ row }) => (
        <RowActions
          editCode={ROLE.usuarioEditar}
          deleteCode={ROLE.usuarioEliminar}
          onEdit={() => a.onEdit(row.original)}
          onDelete={() => a.onDelete(row.original)}
          actions={[
            {
              label: L.permissions,
              icon: ListTree,
              code: ROLE.usuarioPermisos,
              className: 'text-brand-600',
              onClick: () => a.onPermissions(row.original),
            },
            {
              label: L.password,
              icon: KeyRound,
              code: ROLE.usuarioClave,
              className: 'text-slate-700',
              onClick: () => a.onPassword(row.original),
            },
          ]}
        />
      ),
      meta: { exportable: false, searchable: false, align: 'center', className: 'w-40' },
    },
  ];
}
