// Exit item sub-modal: supply typeahead (mode=salida), quantity (numeric), available stock and
// unit (read-only), observation. A quantity above the available stock shows 'Cantidad no disponible' and the
// add button stays disabled. Available stock comes from the caller's projection (pending outbox exits included), in
// the suggestions as in the stock field. The line is judged by the contract's line schema (salidaLine), the one the
// server validates the exit's lines with; the available stock is the screen's own rule on top.
import { useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { InsumoSearchSalida } from '@shared/contract/insumos';
import { salidaLine } from '@shared/contract/salidas';
import { toCents } from '@shared/domain/money';
import { LABELS, MSG } from '@shared/messages';
import { FORM_VALIDATION } from '@client/components/form-field';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { ItemModal } from '@client/components/form-modal';
import { NumericInput } from '@client/components/numeric-input';
import { Typeahead } from '@client/components/typeahead';
import { FieldError, Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { searchInsumosSalida } from '@client/components/insumo-search';
import type { SalidaLine } from './api';
import { usePicked } from '@client/components/use-picked';
import { formatMoney } from '@client/lib/format';

const A = LABELS.almacen;
const S = LABELS.salidas;

export interface SalidaItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The line being edited; null adds a new one. */
  line: SalidaLine | null;
  /** Quantity still available of a supply for this line, given its last known stock. */
  availableOf: (insumoId: number, stock: number) => number;
  onSubmit: (line: SalidaLine) => void;
  /** Supply search (default: server, falling back to the cached catalogue). */
  search?: (q: string, signal: AbortSignal) => Promise<InsumoSearchSalida[]>;
}

const insumoText = (s: Pick<InsumoSearchSalida, 'insumo_codigo' | 'insumo_name'>) => `${s.insumo_codigo} - ${s.insumo_name}`;

/** The fields react-hook-form holds (the supply is the typeahead's pick). */
interface Values {
  cantidad: string;
  observacion: string;
}

const EMPTY: Values = { cantidad: '', observacion: '' };
/** No reason line under the buttons: the quantity field says what is wrong. */
const FIELDS: Record<string, string> = { insumo_id: A.supply, cantidad: A.quantity, observacion: A.observation };

export function SalidaItemDialog({ open, onOpenChange, line, availableOf, onSubmit, search = searchInsumosSalida }: SalidaItemDialogProps) {
  const id = useId();
  const { picked: insumo, text, pick, onInputChange } = usePicked<InsumoSearchSalida>(insumoText);
  const insumoId = useRef<number | undefined>(undefined);
  insumoId.current = insumo?.id;
  const { control, register, reset, watch, getValues } = useForm<Values>({
    resolver: contractResolver<Values>(salidaLine, () => ({ insumo_id: insumoId.current })),
    defaultValues: EMPTY,
    ...FORM_VALIDATION,
  });
  const cantidad = watch('cantidad');
  const observacion = watch('observacion');

  useEffect(() => {
    if (!open) return;
    pick(
      line
        ? { id: line.insumo_id, insumo_codigo: line.insumo_codigo, insumo_name: line.insumo_name, unimed: line.unimed, stock: line.stock }
        : null,
    );
    reset(line ? { cantidad: String(line.cantidad), observacion: line.observacion ?? '' } : EMPTY);
  }, [open, line, pick, reset]);

  const available = insumo ? availableOf(insumo.id, insumo.stock) : null;
  const qty = cantidad === '' ? NaN : Number(cantidad);
  const over = available !== null && Number.isFinite(qty) && toCents(qty) > toCents(available);
  const gate = useFormGate({
    schema: salidaLine,
    values: { insumo_id: insumo?.id, cantidad, observacion },
    labels: FIELDS,
    extra: over ? { path: 'cantidad', message: MSG.quantityUnavailable } : null,
  });
  const canAdd = insumo !== null && gate.valid;

  // Called by ItemModal only when canAdd: the values are the ones the schema just accepted.
  const add = () => {
    if (!insumo) return;
    const { cantidad: qtyText, observacion: obs } = getValues();
    onSubmit({
      salida_det_id: line?.salida_det_id ?? null,
      insumo_id: insumo.id,
      insumo_codigo: insumo.insumo_codigo,
      insumo_name: insumo.insumo_name,
      unimed: insumo.unimed,
      old_cantidad: line?.old_cantidad ?? 0,
      cantidad: Number(qtyText),
      stock: insumo.stock,
      observacion: obs.trim() || null,
    });
  };

  return (
    <ItemModal open={open} onOpenChange={onOpenChange} editing={line !== null} canAdd={canAdd} onAdd={add} invalidReason={gate.addReason}>
      <div className="grid gap-3 md:grid-cols-4">
        <div className="md:col-span-4">
          <Label htmlFor={`${id}-supply`} required>
            {A.supply}
          </Label>
          <Typeahead<InsumoSearchSalida>
            id={`${id}-supply`}
            aria-label={A.supply}
            placeholder={A.supplyPlaceholder}
            required
            autoFocus
            value={text}
            onInputChange={onInputChange}
            search={search}
            getKey={(s) => s.id}
            getLabel={insumoText}
            renderItem={(s) => (
              <span className="flex justify-between gap-3">
                <span>{insumoText(s)}</span>
                <span className="tabular-nums opacity-80">
                  {formatMoney(availableOf(s.id, s.stock))} {s.unimed}
                </span>
              </span>
            )}
            onSelect={pick}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-qty`} required>
            {A.quantity}
          </Label>
          <Controller
            control={control}
            name="cantidad"
            render={({ field }) => (
              <NumericInput
                id={`${id}-qty`}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                required
                aria-invalid={over || undefined}
                aria-describedby={over ? `${id}-qty-msg` : undefined}
              />
            )}
          />
          <FieldError id={`${id}-qty-msg`} message={over ? MSG.quantityUnavailable : undefined} />
        </div>
        <div>
          <Label htmlFor={`${id}-stock`}>{S.available}</Label>
          <Input id={`${id}-stock`} readOnly disabled value={available === null ? '' : formatMoney(available)} className="tabular-nums" />
        </div>
        <div>
          <Label htmlFor={`${id}-unit`}>{A.unit}</Label>
          <Input id={`${id}-unit`} readOnly disabled value={insumo?.unimed ?? ''} />
        </div>
        <div className="md:col-span-4">
          <Label htmlFor={`${id}-obs`}>{A.observation}</Label>
          <Textarea id={`${id}-obs`} maxLength={500} {...register('observacion')} />
        </div>
      </div>
    </ItemModal>
  );
}
