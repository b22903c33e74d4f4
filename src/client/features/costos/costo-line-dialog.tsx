// Cost line sub-modal: description, price (≥ 0, 2 decimals), status and unit (HORA, KM,
// DIA, VIAJE, M3; HORA by default), validated by the contract's line schema; a disabled 'Agregar' says which field
// to check, and closing a changed line asks first.
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { UNIDADES, costoLine, type Unidad } from '@shared/contract/costos';
import { LABELS } from '@shared/messages';
import { contractResolver } from '@client/components/form-gate';
import { FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { ItemModal } from '@client/components/form-modal';
import { useFormGate } from '@client/components/form-gate';
import { NumericInput } from '@client/components/numeric-input';
import { ACTIVE_STATE_OPTIONS } from '@client/components/state-badge';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import type { CostoLine } from './api';

const L = LABELS.costos;
const UNIT_OPTIONS = UNIDADES.map((u) => ({ value: u, label: u }));

interface Values {
  descripcion: string;
  precio: string;
  estado: number;
  unidad: Unidad;
}

/** Field labels by line path, for 'Para grabar, revise …'. */
const FIELDS: Record<string, string> = { descripcion: L.description, precio: L.price, unidad: L.unit, estado: L.state };

const EMPTY: Values = { descripcion: '', precio: '', estado: 1, unidad: 'HORA' };

export interface CostoLineDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The line being edited; null adds one. */
  line: CostoLine | null;
  onSubmit: (line: CostoLine) => void;
}

export function CostoLineDialog({ open, onOpenChange, line, onSubmit }: CostoLineDialogProps) {
  const form = useForm<Values, unknown, Omit<CostoLine, 'costo_det_id' | 'en_uso'>>({
    resolver: contractResolver(costoLine),
    defaultValues: EMPTY,
    ...FORM_VALIDATION,
  });
  const { register, reset, handleSubmit, formState, control, watch } = form;
  const gate = useFormGate({ schema: costoLine, values: watch(), labels: FIELDS, worked: formState });

  useEffect(() => {
    if (open)
      reset(line ? { descripcion: line.descripcion, precio: line.precio.toFixed(2), estado: line.estado, unidad: line.unidad } : EMPTY, {
        keepIsValid: false,
      });
  }, [open, line, reset]);
  // A line opened for editing is valid as it is: validate at once so 'Actualizar' is enabled.
  useEffect(() => {
    if (open && line) void form.trigger();
  }, [open, line, form]);

  const add = () =>
    void handleSubmit((v) => {
      onSubmit({ ...v, descripcion: v.descripcion.trim(), costo_det_id: line?.costo_det_id ?? null, en_uso: line?.en_uso });
      onOpenChange(false);
    })();

  return (
    <ItemModal
      open={open}
      onOpenChange={onOpenChange}
      editing={line !== null}
      canAdd={gate.valid}
      invalidReason={gate.addReason}
      dirty={formState.isDirty}
      onAdd={add}
      width="md"
      title={line ? L.editLine : L.addLine}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={L.description}
          required
          autoFocus
          maxLength={200}
          className="sm:col-span-2"
          error={gate.errorAt('descripcion', formState.errors.descripcion?.message)}
          {...register('descripcion')}
        />
        <div>
          <Label htmlFor="costo-line-precio" required>
            {L.price}
          </Label>
          <Controller
            control={control}
            name="precio"
            render={({ field, fieldState }) => {
              const error = gate.errorAt('precio', fieldState.error?.message);
              return (
                <>
                  <NumericInput
                    id="costo-line-precio"
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    required
                    aria-invalid={error ? true : undefined}
                  />
                  <FieldError message={error} />
                </>
              );
            }}
          />
        </div>
        <SelectField label={L.unit} options={UNIT_OPTIONS} {...register('unidad')} />
        <SelectField label={L.state} options={ACTIVE_STATE_OPTIONS} {...register('estado', { valueAsNumber: true })} />
      </div>
    </ItemModal>
  );
}
