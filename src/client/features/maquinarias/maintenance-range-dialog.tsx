// Date-range report modal: Fecha Inicio and Fecha Final, both required and start on or before end,
// otherwise 'Generar' stays disabled and says which date is missing; it opens the machine's part-change history PDF
// in a new tab. Closing after changing a date asks first.
import { useState } from 'react';
import { FIELD, LABELS } from '@shared/messages';
import { defaultDateRange } from '@client/components/date-range-filter';
import { DateField } from '@client/components/form-field';
import { FormModal } from '@client/components/form-modal';
import { isValidYmd } from '@client/lib/format';
import { openMaintenancePdf, type MaquinariaRow } from './api';
import { usePdfAction } from './use-pdf-action';

const L = LABELS.maquinarias;

/** Both dates complete and in order: the condition of the generate buttons. */
export function rangeReady(start: string, end: string): boolean {
  return isValidYmd(start) && isValidYmd(end) && start <= end;
}

export function MaintenanceRangeDialog({ machine, onClose }: { machine: MaquinariaRow; onClose: () => void }) {
  const [initial] = useState(() => defaultDateRange());
  const [range, setRange] = useState(initial);
  const pdf = usePdfAction();
  const ready = rangeReady(range.start, range.end);
  const inverted = isValidYmd(range.start) && isValidYmd(range.end) && range.start > range.end;
  // An inverted range says so under the dates; a missing date is named beside 'Generar'.
  const missing = !isValidYmd(range.start) ? LABELS.startDate : !isValidYmd(range.end) ? LABELS.endDate : null;

  const generate = async () => {
    if (!ready) return;
    if (await pdf.run('range', () => openMaintenancePdf([machine.id], range.start, range.end))) onClose();
  };

  return (
    <FormModal
      title={L.rangeTitle}
      description={`${machine.placa} - ${machine.descripcion}`}
      width="md"
      busy={pdf.busy !== null}
      valid={ready}
      invalidReason={missing ? `${missing}: ${FIELD.required}` : null}
      dirty={range.start !== initial.start || range.end !== initial.end}
      confirmLabel={L.generate}
      onClose={onClose}
      onSubmit={generate}
      className="grid gap-3 sm:grid-cols-2"
    >
      <DateField label={LABELS.startDate} required value={range.start} onValueChange={(start) => setRange((r) => ({ ...r, start }))} />
      <DateField label={LABELS.endDate} required value={range.end} onValueChange={(end) => setRange((r) => ({ ...r, end }))} />
      {inverted && (
        <p role="alert" className="text-xs text-destructive sm:col-span-2">
          {LABELS.dateRangeInvalid}
        </p>
      )}
    </FormModal>
  );
}
