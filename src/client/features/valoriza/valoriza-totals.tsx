// The valuation's totals and its Detalles tab: subtotal, IGV, total, detracción and deposit, computed by the shared
// `valorizaTotals` (the same function the server stores with), and the detraction account with its rate, the deposit
// account and the observation (required).
import { useId } from 'react';
import type { CuentaRow } from '@shared/contract/valoriza';
import { formatAmount, toCents } from '@shared/domain/money';
import { DETRACCION_THRESHOLD_CENTS, valorizaTotals } from '@shared/domain/valoriza';
import { LABELS } from '@shared/messages';
import { SelectField } from '@client/components/form-field';
import { FieldError, Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import type { ValorizaFormState } from './use-valoriza-form';
import { formatMoney } from '@client/lib/format';

const V = LABELS.valoriza;

type TotalsOf = ReturnType<typeof valorizaTotals>;

/**
 * Subtotal, IGV, total, detracción and deposit, with 2 decimals. The detracción line appears when the total with IGV
 * exceeds 700.00: with the account's rate for rubro 1, as 0.00 'no aplica' for rubros 2 and 3.
 */
export function Totals({ totals }: { totals: TotalsOf }) {
  const rows: [string, number, string?][] = [
    [V.subtotal, totals.subtotal],
    [V.igv, totals.igv],
    [V.total, totals.monto, 'font-semibold'],
  ];
  if (totals.aplica_detraccion)
    rows.push([V.detraccion(formatAmount(totals.tasa_detraccion).replace(/\.00$/, '')), totals.monto_detraccion]);
  else if (toCents(totals.monto) > DETRACCION_THRESHOLD_CENTS) rows.push([V.detraccionNone, 0]);
  rows.push([V.montoDeposito, totals.monto_deposito, 'font-semibold']);
  return (
    <dl
      className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-md border border-border bg-slate-50 p-3 text-sm"
      data-testid="valoriza-totals"
    >
      {rows.map(([label, value, cls]) => (
        <div key={label} className="contents">
          <dt className={cls}>{label}</dt>
          <dd className={`text-right tabular-nums ${cls ?? ''}`}>{formatMoney(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

const toId = (v: unknown) => (v === '' || v === null ? null : Number(v));

/** Detalles: the accounts (the rate follows the detraction account) and the observation. */
export function ValorizaDetails({
  form,
  gate,
  cuentas,
  totals,
}: Pick<ValorizaFormState, 'form' | 'gate'> & { cuentas: CuentaRow[]; totals: TotalsOf }) {
  const id = useId();
  const { register, formState } = form;
  const accountOptions = (tipo: CuentaRow['tipo_cuenta']) => [
    { value: '', label: LABELS.almacen.select },
    ...cuentas.filter((c) => c.tipo_cuenta === tipo).map((c) => ({ value: c.cuenta_id, label: c.nro_cuenta })),
  ];
  const obsError = gate.errorAt('observacion', formState.errors.observacion?.message);
  return (
    <>
      <SelectField label={V.ctaDetraccion} options={accountOptions('detraccion')} {...register('cta_detraccion', { setValueAs: toId })} />
      <div>
        <Label htmlFor={`${id}-tasa`}>{V.tasaDetraccion}</Label>
        <Input
          id={`${id}-tasa`}
          readOnly
          tabIndex={-1}
          value={totals.tasa_detraccion.toFixed(2)}
          className="bg-muted text-right tabular-nums"
        />
      </div>
      <SelectField label={V.ctaDeposito} options={accountOptions('deposito')} {...register('cta_deposito', { setValueAs: toId })} />
      <div className="sm:col-span-3">
        <Label htmlFor={`${id}-obs`} required>
          {V.observation}
        </Label>
        <Textarea
          id={`${id}-obs`}
          required
          rows={4}
          maxLength={2000}
          aria-invalid={obsError ? true : undefined}
          {...register('observacion')}
        />
        <FieldError message={obsError} />
      </div>
    </>
  );
}
