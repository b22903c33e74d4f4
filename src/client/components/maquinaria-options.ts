// How a machine is named in the selects and lists of every screen: 'PLACA - DESCRIPCIÓN', sorted by that text.
import type { MaquinariaRow } from '@shared/contract/maquinarias';

export function maquinariaLabel(m: Pick<MaquinariaRow, 'placa' | 'descripcion'>): string {
  return m.descripcion ? `${m.placa} - ${m.descripcion}` : m.placa;
}

export function maquinariaOptions(rows: readonly MaquinariaRow[] | undefined): { value: number; label: string }[] {
  return (rows ?? []).map((m) => ({ value: m.id, label: maquinariaLabel(m) })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
}
