// Shared fixtures of the kit tests: a typed row, its columns and data.
import type { DataColumnDef } from '@client/components/data-table';

export interface Act {
  id: number;
  descripcion: string;
  estado: number;
  fecha: string;
  created_at: string;
}

export const actColumns: DataColumnDef<Act>[] = [
  { accessorKey: 'descripcion', header: 'Descripción' },
  {
    accessorKey: 'estado',
    header: 'Estado',
    cell: ({ row }) => <span>{row.original.estado === 1 ? 'ACTIVO' : 'INACTIVO'}</span>,
    meta: { exportValue: (r) => (r.estado === 1 ? 'ACTIVO' : 'INACTIVO') },
  },
  { accessorKey: 'fecha', header: 'Fecha' },
  { accessorKey: 'created_at', header: 'Creado', meta: { hidden: true } },
];

export function makeActs(n: number): Act[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    descripcion: `Actividad ${String(i + 1).padStart(4, '0')}`,
    estado: i % 2,
    fecha: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
    created_at: `2025-01-01T${String(i % 24).padStart(2, '0')}:00:00Z`,
  }));
}
