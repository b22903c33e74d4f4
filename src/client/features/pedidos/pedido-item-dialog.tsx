// Request item sub-modal (spec 000 §2): supply typeahead (mode=pedido), quantity and unit of measure
// (GET /api/pedidos/unimeds, defaulting to the supply's unit). Requests have no client validators beyond
// what a line needs to exist (a supply, a quantity above 0 and a unit).
import { useEffect, useId, useState } from 'react';
import type { InsumoSearchPedido } from '@shared/contract/insumos';
import { LABELS } from '@shared/messages';
import { ItemModal } from '@client/components/form-modal';
import { NumericInput } from '@client/components/numeric-input';
import { Typeahead } from '@client/components/typeahead';
import { Label } from '@client/components/ui/label';
import { Select } from '@client/components/ui/select';
import { useUnimeds } from './api';
import { searchSuppliesPedido } from '@client/features/insumos/api';
import type { PedidoLine } from './api';
import { usePicked } from '@client/components/use-picked';

const A = LABELS.almacen;

export interface PedidoItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  line: PedidoLine | null;
  onSubmit: (line: PedidoLine) => void;
}

const supplyText = (s: Pick<InsumoSearchPedido, 'codigo' | 'bien_nombre'>) => `${s.codigo} - ${s.bien_nombre}`;

export function PedidoItemDialog({ open, onOpenChange, line, onSubmit }: PedidoItemDialogProps) {
  const id = useId();
  const unimeds = useUnimeds();
  const { picked: supply, text, pick, onInputChange } = usePicked<InsumoSearchPedido>(supplyText);
  const [cantidad, setCantidad] = useState('');
  const [unimedId, setUnimedId] = useState(0);

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
    setCantidad(line ? String(line.cantidad) : '');
    setUnimedId(line?.unimed_id ?? 0);
  }, [open, line, pick]);

  const qty = cantidad === '' ? NaN : Number(cantidad);
  const unit = unimeds.data?.find((u) => u.unimed_id === unimedId);
  const canAdd = supply !== null && Number.isFinite(qty) && qty > 0 && unimedId > 0;

  const add = () => {
    if (!supply) return;
    onSubmit({
      pedido_det_id: line?.pedido_det_id ?? null,
      insumo_id: supply.bien_id,
      insumo_name: supply.bien_nombre,
      insumo_codigo: supply.codigo,
      unimed_id: unimedId,
      unimed_abrev: unit?.unimed_abrev ?? supply.unimed_abrev,
      cantidad: qty,
    });
  };

  return (
    <ItemModal open={open} onOpenChange={onOpenChange} editing={line !== null} canAdd={canAdd} onAdd={add}>
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
            search={searchSuppliesPedido}
            getKey={(s) => s.bien_id}
            getLabel={supplyText}
            onSelect={(s) => {
              pick(s);
              setUnimedId(s.unimed_id);
            }}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-qty`}>{A.quantity}</Label>
          <NumericInput id={`${id}-qty`} value={cantidad} onValueChange={setCantidad} />
        </div>
        <div>
          <Label htmlFor={`${id}-unit`}>{A.unit}</Label>
          <Select id={`${id}-unit`} value={unimedId} onChange={(e) => setUnimedId(Number(e.target.value))}>
            <option value={0}>{A.select}</option>
            {(unimeds.data ?? []).map((u) => (
              <option key={u.unimed_id} value={u.unimed_id}>
                {u.unimed_abrev}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </ItemModal>
  );
}
