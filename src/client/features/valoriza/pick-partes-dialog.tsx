// 'Partes sin valorizar': the daily reports already saved from the field and not billed yet, by machine and dates,
// narrowed by a text (number, plate, operator, activity, service: a report names no client, the activity and the
// service say who it worked for), with a checkbox each and 'Seleccionar todo' over the rows shown; the chosen ones
// join the valuation (sent as `{ parte_id }`, attached by the server).
import { useId, useMemo, useState } from 'react';
import { normalizeSearch } from '@shared/domain/stock';
import { LABELS, MSG } from '@shared/messages';
import { LineItemTable, type LineColumn } from '@client/components/line-item-table';
import { Modal } from '@client/components/modal';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { LoadingBody } from '@client/components/ui/spinner';
import { MaquinariaDateToolbar, useMaquinariaDateFilters } from '@client/components/maquinaria-date';
import { usePartes, type ParteRow } from '@client/components/partes/parte-item';
import { MaquinariaCell, ParteNumberCell } from './parte-cells';
import { RANGE_MONTHS } from '@shared/contract/ranges';
import { formatMoney } from '@client/lib/format';

const V = LABELS.valoriza;
const P = LABELS.partes;

export interface PickPartesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Reports already in the valuation (left out of the list). */
  exclude: ReadonlySet<number>;
  onPick: (rows: ParteRow[]) => void;
}

export function PickPartesDialog({ open, onOpenChange, exclude, onPick }: PickPartesDialogProps) {
  const filters = useMaquinariaDateFilters(RANGE_MONTHS.partesdiarios);
  const list = usePartes({ ...filters.body, sin_valorizar: true }, { enabled: open });
  const [text, setText] = useState('');
  const searchId = useId();
  const rows = useMemo(() => {
    const q = normalizeSearch(text);
    return (list.data ?? []).filter(
      (r) =>
        r.valoriza_id === null &&
        !exclude.has(r.parte_id) &&
        (!q || normalizeSearch([r.nro_parte_interno, r.placa, r.nombre_operador, r.actividad, r.servicio].join(' ')).includes(q)),
    );
  }, [list.data, exclude, text]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const allShown = rows.length > 0 && rows.every((r) => chosen.has(r.parte_id));
  const someShown = rows.some((r) => chosen.has(r.parte_id));
  const toggleAll = (on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      for (const r of rows) {
        if (on) next.add(r.parte_id);
        else next.delete(r.parte_id);
      }
      return next;
    });
  const toggle = (id: number, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // What was chosen stays chosen while the text narrows the list: the button adds every chosen report.
  const picked = (list.data ?? []).filter((r) => chosen.has(r.parte_id) && r.valoriza_id === null && !exclude.has(r.parte_id));

  const columns: LineColumn<ParteRow>[] = [
    {
      // The checkbox column needs no heading: each box is named after its report.
      header: '',
      cell: (r) => (
        <Checkbox
          aria-label={`${LABELS.selectRow} ${r.nro_parte_interno}`}
          checked={chosen.has(r.parte_id)}
          onCheckedChange={(c) => toggle(r.parte_id, c === true)}
        />
      ),
      align: 'center',
      className: 'w-10',
    },
    {
      header: P.numberShort,
      cell: (r) => <ParteNumberCell nro={r.nro_parte_interno} fecha={r.fecha} />,
    },
    {
      header: P.machine,
      cell: (r) => <MaquinariaCell placa={r.placa} operador={r.nombre_operador} />,
    },
    { header: P.service, cell: (r) => `${r.servicio} · ${formatMoney(r.cantid)} ${r.unidad}` },
    { header: V.amount, cell: (r) => formatMoney(r.monto), align: 'right', className: 'tabular-nums' },
  ];

  const close = () => {
    setChosen(new Set());
    setText('');
    onOpenChange(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && close()}
      title={V.pickTitle}
      width="62%"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={close}>
            {MSG.cancel}
          </Button>
          <Button
            type="button"
            disabled={picked.length === 0}
            onClick={() => {
              onPick(picked);
              close();
            }}
          >
            {V.pickAdd(picked.length)}
          </Button>
        </>
      }
    >
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <MaquinariaDateToolbar filters={filters} />
        <div className="min-w-52 flex-1">
          <Label htmlFor={searchId}>{V.pickSearch}</Label>
          <Input id={searchId} type="search" value={text} placeholder={V.pickSearchHint} onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      {rows.length > 0 && (
        <label className="mb-2 flex w-fit cursor-pointer items-center gap-2 text-sm font-medium">
          <Checkbox checked={allShown ? true : someShown ? 'indeterminate' : false} onCheckedChange={(c) => toggleAll(c === true)} />
          {V.pickAll(rows.length)}
        </label>
      )}
      {list.isLoading ? (
        <LoadingBody failed={list.isError} />
      ) : (
        <LineItemTable columns={columns} lines={rows} keys={rows.map((r) => String(r.parte_id))} emptyText={V.pickNone} readOnly />
      )}
    </Modal>
  );
}
