// Daily-report modal (50% width): internal number, date, machine (searchable, disabled when
// editing), operator DNI typeahead (8 digits) filling the name, activity (active ones, searchable), service (a
// cost line with its unit), quantity ('Ingrese solo numeros', ≥ 0), unit price (the chosen line's price, 2
// decimals) and total = quantity × unit price to 2 decimals, computed by the shared `lineTotal`; the meter readings
// at the start and the end of the day (Horómetro / Kilometraje by the machine's meter). Validated by the
// contract's report schema: a disabled Grabar says which field to check, closing with changes asks first, and a
// refused save shows the server's reason in the modal and marks its fields. The same form serves the 'Partes diarios' screen (saved through the outbox), the
// correction of a rejected report (Sincronización) and the valuation modal (handed back, saved with it).
// Its sections: the form's state (use-parte-form), the head and the service line (parte-fields).
import { useState } from 'react';
import { FormModal } from '../form-modal';
import { fieldErrorsOf } from '../save-refusal';
import { describeParte, useInfoVenta, type ParteItem, type ParteOutboxMeta } from './parte-item';
import { ParteHeadFields, ParteLecturaFields, ParteServiceFields } from './parte-fields';
import { fieldName, itemOfValues, useParteForm } from './use-parte-form';

export interface ParteDialogProps {
  title: string;
  /** The report to edit or correct; null starts a new one. */
  initial: ParteItem | null;
  /** Date of a new report (today, or the valuation's date). */
  defaultFecha: string;
  /** Machine cannot change (editing a saved report). */
  lockMaquinaria: boolean;
  /** Label of the confirm button (Grabar on the screen, Agregar/Actualizar inside a valuation). */
  confirmLabel?: string;
  onClose: () => void;
  /**
   * Saves or hands back the report; resolve to close. A rejection carrying the server's message (ApiError,
   * OutboxRejection) is shown and its field errors marked, and the modal stays open for the correction.
   */
  onSubmit: (item: ParteItem, meta: ParteOutboxMeta) => Promise<void> | void;
  /** Field errors to show at once (the last refusal of an outbox item being corrected). */
  initialErrors?: Record<string, string>;
}

export function ParteDialog({
  title,
  initial,
  defaultFecha,
  lockMaquinaria,
  confirmLabel,
  onClose,
  onSubmit,
  initialErrors,
}: ParteDialogProps) {
  const info = useInfoVenta();
  const [busy, setBusy] = useState(false);
  const { form, gate, errors, horometro, required } = useParteForm(initial, defaultFecha, initialErrors);
  const { handleSubmit, formState, setError } = form;

  const submit = handleSubmit(async () => {
    const item = itemOfValues(form.getValues(), initial);
    setBusy(true);
    try {
      await onSubmit(item, describeParte(item, info.data));
      onClose();
    } catch (err) {
      for (const [name, message] of fieldErrorsOf(err)) setError(fieldName(name), { message });
      throw err; // the modal shows the server's reason
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormModal
      title={title}
      width="50%"
      busy={busy}
      valid={gate.valid}
      // A confirm label other than Grabar means a line of another form (the valuation's Agregar / Actualizar).
      invalidReason={confirmLabel ? gate.addReason : gate.reason}
      dirty={formState.isDirty}
      confirmLabel={confirmLabel}
      onClose={onClose}
      onSubmit={submit}
      loaded={info.data !== undefined || info.isError}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <ParteHeadFields form={form} errors={errors} info={info.data} lockMaquinaria={lockMaquinaria} />
        <ParteLecturaFields form={form} errors={errors} horometro={horometro} required={required} />
        <ParteServiceFields form={form} errors={errors} info={info.data} initial={initial} />
      </div>
    </FormModal>
  );
}
