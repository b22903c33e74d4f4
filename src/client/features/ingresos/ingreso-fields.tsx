// Body of the entry modal shared by create and view: supplier, order date, delivery note, entry date and the
// item table (code, quantity, unit, name, brand, unit price and amount, with the total: read-only, from the purchase
// order). In view mode every field is disabled except the delivery note, which only switches the note shown.
import { useId } from 'react';
import { LABELS } from '@shared/messages';
import { LineItemTable, type LineColumn } from '@client/components/line-item-table';
import { DateInput } from '@client/components/ui/date-input';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Select } from '@client/components/ui/select';
import { fromCents, toCents } from '@shared/domain/money';
import { formatDate, formatMoney, formatUnitCost } from '@client/lib/format';
import { TextField } from '@client/components/form-field';
import type { GuiaRemision, IngresoLine } from './api';

const L = LABELS.ingresos;
const A = LABELS.almacen;

export interface IngresoFieldsProps {
  proveedor: string;
  fechaOrden: string;
  guias: readonly GuiaRemision[];
  guia: string;
  onGuiaChange: (nro: string) => void;
  guiaDisabled?: boolean;
  /** The order has delivery notes: choosing one is required (create mode). */
  guiaRequired?: boolean;
  guiaError?: string;
  fecha: string;
  onFechaChange?: (fecha: string) => void;
  lines: readonly IngresoLine[];
  brands: readonly string[];
  onBrandChange?: (index: number, marca: string) => void;
  readOnly: boolean;
}

export const guiaLabel = (g: GuiaRemision) =>
  g.fecha_guiaremision ? `${g.nro_guiaremision} (${formatDate(g.fecha_guiaremision)})` : g.nro_guiaremision;

/** The amount of a line in cents: quantity × unit price, rounded to the cent as the kardex values it. */
const lineCents = (l: IngresoLine) => Math.round(toCents(l.cantidad) * (l.precio_unitario ?? 0));

export function IngresoFields(p: IngresoFieldsProps) {
  const id = useId();
  const brandOptions = [...new Set([...p.brands, ...p.lines.map((l) => l.marca ?? '').filter(Boolean)])];
  const columns: LineColumn<IngresoLine>[] = [
    { header: A.code, cell: (l) => l.insumo.insumo_codigo, className: 'whitespace-nowrap' },
    { header: A.quantity, cell: (l) => formatMoney(l.cantidad), align: 'right', className: 'tabular-nums' },
    { header: A.unit, cell: (l) => l.unimed, align: 'center' },
    { header: A.description, cell: (l) => l.insumo.insumo_name },
    {
      header: L.brand,
      className: 'w-44',
      cell: (l, i) => (
        <Select
          aria-label={`${L.brand} ${l.insumo.insumo_codigo}`}
          value={l.marca ?? ''}
          disabled={p.readOnly}
          onChange={(e) => p.onBrandChange?.(i, e.target.value)}
        >
          <option value="">{L.noBrand}</option>
          {brandOptions.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </Select>
      ),
    },
    {
      header: L.unitPrice,
      cell: (l) => formatUnitCost(l.precio_unitario ?? 0),
      align: 'right',
      className: 'tabular-nums whitespace-nowrap',
    },
    { header: L.amount, cell: (l) => formatMoney(fromCents(lineCents(l))), align: 'right', className: 'tabular-nums whitespace-nowrap' },
  ];
  const total = fromCents(p.lines.reduce((sum, l) => sum + lineCents(l), 0));
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 md:grid-cols-2">
        <TextField label={L.supplier} value={p.proveedor} disabled readOnly />
        <TextField label={L.orderDate} value={formatDate(p.fechaOrden)} disabled readOnly />
        <div>
          <Label htmlFor={`${id}-guia`} required={p.guiaRequired}>
            {L.guide}
          </Label>
          <Select
            id={`${id}-guia`}
            value={p.guia}
            disabled={p.guiaDisabled}
            required={p.guiaRequired}
            aria-invalid={p.guiaError ? true : undefined}
            onChange={(e) => p.onGuiaChange(e.target.value)}
          >
            <option value="">{L.selectGuide}</option>
            {p.guias.map((g) => (
              <option key={g.nro_guiaremision} value={g.nro_guiaremision}>
                {guiaLabel(g)}
              </option>
            ))}
          </Select>
          <FieldError message={p.guiaError} />
        </div>
        <div>
          <Label htmlFor={`${id}-fecha`} required={!p.readOnly}>
            {L.entryDate}
          </Label>
          <DateInput id={`${id}-fecha`} value={p.fecha} disabled={p.readOnly} required onValueChange={(v) => p.onFechaChange?.(v)} />
        </div>
      </div>
      <LineItemTable columns={columns} lines={p.lines as IngresoLine[]} readOnly />
      {p.lines.length > 0 && (
        <p className="text-right font-semibold tabular-nums" title={L.priceFromOrder} data-testid="ingreso-total">
          {L.total(formatMoney(total))}
        </p>
      )}
    </div>
  );
}
