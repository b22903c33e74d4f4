// Request item sub-modal: supply typeahead (mode=pedido), quantity and unit of measure
// (GET /api/pedidos/unimeds, defaulting to the supply's unit). Requests have no client validators beyond
// what a line needs to exist (a supply, a quantity above 0 and a unit).
import { useEffect, useId, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { InsumoSearchPedido } from '@shared/contract/insumos';
import { pedidoLine } from '@shared/contract/pedidos';
import { FIELD, LABELS } from '@shared/messages';
import { FORM_VALIDATION } from '@client/components/form-field';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { ItemModal } from '@client/components/form-modal';
import { NumericInput } from '@client/components/numeric-input';
import { Typeahead } from '@client/components/typeahead';
import { Label } from '@client/components/ui/label';
import { Select } from '@client/components/ui/select';
import { useUnimeds } from './api';
import { searchInsumosPedido } from '@client/components/insumo-search';
import type { PedidoLine } from './api';
import { usePicked } from '@client/components/use-picked';

const A = LABELS.almacen;

export interface PedidoItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  line: PedidoLine | null;
  onSubmit: (line: PedidoLine) => void;
}

const insumoText = (s: Pick<InsumoSearchPedido, 'codigo' | 'bien_nombre'>) => `${s.codigo} - ${s.bien_nombre}`;

/** The fields react-hook-form holds (the supply is the typeahead's pick). */
interface Values {
  cantidad: string;
  unimed_id: number;
}

const EMPTY: Values = { cantidad: '', unimed_id: 0 };
const FIELDS: Record<string, string> = { insumo_id: A.supply, cantidad: A.quantity, unimed_id: A.unit };

export function PedidoItemDialog({ open, onOpenChange, line, onSubmit }: PedidoItemDialogProps) {
  const id = useId();
  const unimeds = useUnimeds();
  const { picked: insumo, text, pick, onInputChange } = usePicked<InsumoSearchPedido>(insumoText);
  const insumoId = useRef<number | undefined>(undefined);
  insumoId.current = insumo?.bien_id;
  const { control, reset, watch, setValue, getValues } = useForm<Values>({
    resolver: contractResolver<Values>(pedidoLine, () => ({ insumo_id: insumoId.current })),
    defaultValues: EMPTY,
    ...FORM_VALIDATION,
  });
  const cantidad = watch('cantidad');
  const unimedId = watch('unimed_id');

  useEffect(() => {
    if (!open) return;
    pick(
      line
        ? {
            bien_id: line.insumo_id,
            bien_nombre: line.insumo_name,
            codigo: line.insumo_codigo,
            unimed_id: line.unimed_id,
            unimed_abrev: line.unimed_abrev,
          }
        : null,
    );
    reset(line ? { cantidad: String(line.cantidad), unimed_id: line.unimed_id ?? 0 } : EMPTY);
  }, [open, line, pick, reset]);

  const unit = unimeds.data?.find((u) => u.unimed_id === unimedId);
  // The contract's line schema judges the line; the unit, optional on the wire, is asked for by the screen.
  const gate = useFormGate({
    schema: pedidoLine,
    values: { insumo_id: insumo?.bien_id, cantidad, unimed_id: unimedId },
    labels: FIELDS,
    extra: unimedId > 0 ? null : { path: 'unimed_id', message: FIELD.required },
  });
  const canAdd = insumo !== null && gate.valid;

  const add = () => {
    if (!insumo) return;
    onSubmit({
      pedido_det_id: line?.pedido_det_id ?? null,
      insumo_id: insumo.bien_id,
      insumo_name: insumo.bien_nombre,
      insumo_codigo: insumo.codigo,
      unimed_id: unimedId,
      unimed_abrev: unit?.unimed_abrev ?? insumo.unimed_abrev,
      cantidad: Number(getValues('cantidad')),
    });
  };

  return (
    <ItemModal open={open} onOpenChange={onOpenChange} editing={line !== null} canAdd={canAdd} onAdd={add} invalidReason={gate.addReason}>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="md:col-span-2">
          <Label htmlFor={`${id}-supply`}>{A.supply}</Label>
          <Typeahead<InsumoSearchPedido>
            id={`${id}-supply`}
            aria-label={A.supply}
            placeholder={A.supplyPlaceholder}
            autoFocus
            value={text}
            onInputChange={onInputChange}
            search={searchInsumosPedido}
            getKey={(s) => s.bien_id}
            getLabel={insumoText}
            onSelect={(s) => {
              pick(s);
              setValue('unimed_id', s.unimed_id, { shouldDirty: true });
            }}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-qty`}>{A.quantity}</Label>
          <Controller
            control={control}
            name="cantidad"
            render={({ field }) => (
              <NumericInput id={`${id}-qty`} value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-unit`}>{A.unit}</Label>
          {/* Controlled: the units may arrive after the line is loaded, and the select must still show its unit. */}
          <Controller
            control={control}
            name="unimed_id"
            render={({ field }) => (
              <Select id={`${id}-unit`} value={field.value} onChange={(e) => field.onChange(Number(e.target.value))} onBlur={field.onBlur}>
                <option value={0}>{A.select}</option>
                {(unimeds.data ?? []).map((u) => (
                  <option key={u.unimed_id} value={u.unimed_id}>
                    {u.unimed_abrev}
                  </option>
                ))}
              </Select>
            )}
          />
        </div>
      </div>
    </ItemModal>
  );
}
