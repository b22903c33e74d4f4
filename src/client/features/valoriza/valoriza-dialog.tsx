// Valuation modal (62% width) with two tabs. Datos generales: rubro, document type and
// number (8 digits DNI, 11 RUC; the lookup runs with the 'Buscando {tipo}' modal when the number is complete and
// fills rsocial, cleared when the registry does not know it), date, client, the daily reports (add 23, edit 24,
// remove 25: removed saved ones go to `trash`; plus the unbilled reports already saved from the field) and the
// totals, computed by the shared `valorizaTotals` (the same function the server stores with). Detalles: the
// detraction account with its rate, the deposit account, the observation (required). In edit mode the form
// starts locked; the 'Editar' checkbox unlocks it. Validated by the contract's schema: a disabled Grabar says
// which field to check, closing with changes asks first, a refused save shows the server's message in the modal.
// Its sections: the head fields (valoriza-client-fields), the reports (valoriza-partes), the totals and Detalles
// (valoriza-totals), over the form's state (use-valoriza-form).
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { CuentaRow, ValorizaDetail } from '@shared/contract/valoriza';
import { valorizaTotals } from '@shared/domain/valoriza';
import { LABELS, MSG } from '@shared/messages';
import { FormModal } from '@client/components/form-modal';
import { Checkbox } from '@client/components/ui/checkbox';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { toast } from '@client/lib/toast';
import { useCuentas, useSaveValoriza, useValoriza } from './api';
import { useValorizaForm } from './use-valoriza-form';
import { ValorizaClientFields } from './valoriza-client-fields';
import { useValorizaPartes, ValorizaParteDialogs, ValorizaPartes } from './valoriza-partes';
import { Totals, ValorizaDetails } from './valoriza-totals';

const V = LABELS.valoriza;

export interface ValorizaDialogProps {
  /** The valuation to edit (code 20); null creates one (code 19). */
  editId: number | null;
  onClose: () => void;
}

export function ValorizaDialog({ editId, onClose }: ValorizaDialogProps) {
  const detail = useValoriza(editId);
  const cuentas = useCuentas();
  const ready = (editId === null || detail.data !== undefined) && (cuentas.data !== undefined || cuentas.isError);
  if (!ready)
    return (
      <FormModal
        title={editId ? V.edit : V.create}
        width="62%"
        busy={false}
        onClose={onClose}
        onSubmit={() => undefined}
        loaded={false}
        loadFailed={detail.isError}
      >
        {null}
      </FormModal>
    );
  return <ValorizaEditor detail={detail.data ?? null} cuentas={cuentas.data ?? []} onClose={onClose} />;
}

function ValorizaEditor({ detail, cuentas, onClose }: { detail: ValorizaDetail | null; cuentas: CuentaRow[]; onClose: () => void }) {
  const save = useSaveValoriza();
  const { form, md, body, dirty, gate, editing } = useValorizaForm(detail, cuentas);
  const partes = useValorizaPartes(md);
  const [locked, setLocked] = useState(editing);
  const [tab, setTab] = useState('general');

  const [rubro, ctaDetraccion, fecha, observacion] = useWatch({
    control: form.control,
    name: ['rubro', 'cta_detraccion', 'fecha', 'observacion'],
  });
  const totals = valorizaTotals({
    montos: md.lines.lines.map((l) => l.monto),
    rubro: Number(rubro),
    tasa: cuentas.find((c) => c.cuenta_id === ctaDetraccion)?.tasa_impuesto ?? detail?.tasa_detraccion,
  });

  // A refusal rejects: the modal shows the server's reason.
  const submit = form.handleSubmit(async () => {
    await save.mutateAsync(body);
    toast.success(MSG.saved);
    onClose();
  });

  // The observation lives on the other tab: say it is missing once it is what keeps Grabar disabled, not on opening.
  const obsMissing = (observacion ?? '').trim() === '' && gate.first?.path === 'observacion';
  return (
    <FormModal
      title={detail ? `${V.edit} N° ${detail.valoriza_id}` : V.create}
      width="62%"
      busy={save.isPending}
      valid={!locked && gate.valid}
      invalidReason={locked ? null : gate.reason}
      dirty={dirty}
      onClose={onClose}
      onSubmit={submit}
      outside={<ValorizaParteDialogs md={md} partes={partes} fecha={fecha} />}
    >
      {editing && (
        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm font-medium">
          <Checkbox checked={!locked} onCheckedChange={(c) => setLocked(c !== true)} aria-label={V.unlock} />
          {V.unlock}
          {locked && <span className="font-normal text-muted-foreground">— {V.lockedHint}</span>}
        </label>
      )}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="general">{V.tabGeneral}</TabsTrigger>
          <TabsTrigger value="details">
            {V.tabDetails}
            {obsMissing && !locked && (
              <span className="ml-1 text-destructive" aria-hidden="true">
                *
              </span>
            )}
          </TabsTrigger>
        </TabsList>
        <fieldset disabled={locked} className="min-w-0">
          <TabsContent value="general" forceMount hidden={tab !== 'general'} className="flex flex-col gap-3">
            <ValorizaClientFields form={form} gate={gate} />
            <ValorizaPartes md={md} locked={locked} onPickOpen={() => partes.setPicking(true)} />
            <Totals totals={totals} />
          </TabsContent>
          <TabsContent value="details" forceMount hidden={tab !== 'details'} className="grid gap-3 sm:grid-cols-3">
            <ValorizaDetails form={form} gate={gate} cuentas={cuentas} totals={totals} />
          </TabsContent>
        </fieldset>
      </Tabs>
      {obsMissing && !locked && tab === 'general' && <p className="text-xs text-destructive">{V.obsMissing}</p>}
    </FormModal>
  );
}
