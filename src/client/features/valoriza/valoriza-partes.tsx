// The valuation's lines: its daily reports (add 23, edit 24, remove 25: removed saved ones go to `trash`), the unbilled
// reports already saved from the field ('Partes sin valorizar'), and the sub-modals that add or edit them.
import { useMemo, useState } from 'react';
import { ListPlus, Plus } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { LABELS } from '@shared/messages';
import { LineItemTable, type LineColumn } from '@client/components/line-item-table';
import type { MasterDetail } from '@client/components/use-master-detail';
import { Button } from '@client/components/ui/button';
import { useHasRole } from '@client/lib/session';
import { describeParte, useInfoVenta, type ParteItem, type ParteRow } from '@client/components/partes/parte-item';
import { ParteDialog } from '@client/components/partes/parte-dialog';
import { PickPartesDialog } from './pick-partes-dialog';
import { MaquinariaCell, ParteNumberCell } from './parte-cells';
import { itemOf, type ParteView, type ValItem } from './use-valoriza-form';
import { formatMoney } from '@client/lib/format';

const V = LABELS.valoriza;
const P = LABELS.partes;

const COLUMNS: LineColumn<ValItem>[] = [
  {
    header: V.reportNumber,
    cell: (l) => <ParteNumberCell nro={l.nro_parte_interno} fecha={l.fecha} />,
  },
  {
    header: V.machine,
    cell: (l) => <MaquinariaCell placa={l.view.placa} operador={l.nombre_operador} />,
  },
  {
    header: V.service,
    cell: (l) => (
      <span>
        {l.view.servicio}
        <span className="block text-xs text-muted-foreground">{l.view.actividad}</span>
      </span>
    ),
  },
  {
    header: V.quantity,
    cell: (l) => (
      <span className="whitespace-nowrap">
        {formatMoney(l.partesdiarios_det.cantid)} {l.view.unidad}
        <span className="block text-xs text-muted-foreground" title={V.unitPrice}>
          × {formatMoney(l.partesdiarios_det.preuni)}
        </span>
      </span>
    ),
    align: 'right',
    className: 'tabular-nums',
  },
  { header: V.amount, cell: (l) => formatMoney(l.monto), align: 'right', className: 'tabular-nums' },
];

/** What the reports' sub-modals do to the lines: a report typed or edited here, or unbilled ones picked. */
export function useValorizaPartes(md: MasterDetail<ValItem>) {
  const info = useInfoVenta();
  const [picking, setPicking] = useState(false);
  const { lines, item } = md;
  const inValuation = useMemo(() => new Set(lines.lines.flatMap((l) => (l.parte_id ? [l.parte_id] : []))), [lines.lines]);

  const onParte = (parte: ParteItem) => {
    const old = item.line;
    const named = describeParte(parte, info.data);
    const view: ParteView = {
      placa: named.placa || old?.view.placa || '',
      maquinaria: named.maquinaria || old?.view.maquinaria || '',
      actividad: named.actividad || old?.view.actividad || '',
      servicio: named.servicio || old?.view.servicio || '',
      unidad: named.servicio ? named.unidad : (old?.view.unidad ?? named.unidad),
    };
    item.submit({ ...parte, view, changed: true });
  };

  const onPick = (rows: ParteRow[]) => {
    for (const r of rows) if (!inValuation.has(r.parte_id)) lines.add(itemOf(r));
  };
  return { picking, setPicking, inValuation, onParte, onPick };
}

type Partes = ReturnType<typeof useValorizaPartes>;

/** The report sub-modal and 'Partes sin valorizar', outside the valuation's own form. */
export function ValorizaParteDialogs({ md, partes, fecha }: { md: MasterDetail<ValItem>; partes: Partes; fecha: string }) {
  const { item } = md;
  const editingLine = item.line;
  return (
    <>
      {item.open && (
        <ParteDialog
          title={editingLine ? P.edit : P.create}
          initial={editingLine}
          defaultFecha={fecha}
          lockMaquinaria={editingLine?.parte_id != null}
          confirmLabel={editingLine ? LABELS.almacen.update : LABELS.almacen.add}
          onClose={item.close}
          onSubmit={partes.onParte}
        />
      )}
      <PickPartesDialog open={partes.picking} onOpenChange={partes.setPicking} exclude={partes.inValuation} onPick={partes.onPick} />
    </>
  );
}

/** The reports' heading with its buttons and their table. */
export function ValorizaPartes({ md, locked, onPickOpen }: { md: MasterDetail<ValItem>; locked: boolean; onPickOpen: () => void }) {
  const canAdd = useHasRole(ROLE.parteDiarioNuevo);
  const canEditLine = useHasRole(ROLE.parteDiarioEditar);
  const canRemoveLine = useHasRole(ROLE.parteDiarioEliminar);
  const { lines, item } = md;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-700">{V.reports}</h3>
        {canAdd && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="secondary" onClick={onPickOpen}>
              <ListPlus aria-hidden="true" />
              {V.pickReports}
            </Button>
            <Button type="button" size="sm" variant="secondary" onClick={item.openNew}>
              <Plus aria-hidden="true" />
              {V.addReport}
            </Button>
          </div>
        )}
      </div>
      <LineItemTable
        columns={COLUMNS}
        lines={lines.lines}
        keys={lines.keys}
        onEdit={canEditLine ? item.openEdit : undefined}
        onRemove={canRemoveLine ? lines.remove : undefined}
        readOnly={locked}
        emptyText={V.noReports}
      />
    </>
  );
}
