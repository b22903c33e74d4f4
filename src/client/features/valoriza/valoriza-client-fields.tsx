// The valuation's head fields: rubro, document type and number, the client's name and the date. The number follows
// the kit's document lookup: its 8th (DNI) or 11th (RUC) digit looks the client up under 'Buscando DNI/RUC' and
// fills the name, cleared when the registry does not know it; another document type clears number and name.
import { useId } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { TIPOS_DOC } from '@shared/contract/valoriza';
import { LABELS, MSG } from '@shared/messages';
import { DateField, SelectField, TextField } from '@client/components/form-field';
import { LoadingModal } from '@client/components/modal';
import { documentLength, registryName, useDocumentLookup, type DocumentKind } from '@client/components/use-document-lookup';
import { FieldError, Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast } from '@client/lib/toast';
import { docNameOf, type ValorizaFormState } from './use-valoriza-form';

const V = LABELS.valoriza;

const RUBRO_OPTIONS = LABELS.rubros.map((label, i) => ({ value: i + 1, label: `${i + 1} ${label}` }));
const DOC_OPTIONS = LABELS.docTypes.map((d, i) => ({ value: i + 1, label: d.name }));

export function ValorizaClientFields({ form, gate }: Pick<ValorizaFormState, 'form' | 'gate'>) {
  const id = useId();
  const { register, control, setValue, formState } = form;
  const [tipoDoc, ndoc] = useWatch({ control, name: ['tipo_doc', 'ndoc'] });
  const kind: DocumentKind = Number(tipoDoc) === TIPOS_DOC.DNI ? 'DNI' : 'RUC';
  const lookup = useDocumentLookup<string>({
    kind,
    value: ndoc,
    find: (doc, signal) => registryName(kind, doc, signal),
    onFound: (name) => setValue('rsocial', name, { shouldValidate: true, shouldDirty: true }),
    onNotFound: (doc) => {
      // Not in the registry: the name is cleared for the user to type it.
      setValue('rsocial', '', { shouldValidate: true, shouldDirty: true });
      toast.info(kind === 'DNI' ? MSG.dniNotFound(doc) : MSG.rucNotFound(doc));
    },
  });
  const own = formState.errors;
  const ndocError = lookup.message ?? gate.errorAt('ndoc', own.ndoc?.message);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <SelectField
        label={V.rubro}
        className="sm:col-span-2"
        options={RUBRO_OPTIONS}
        error={gate.errorAt('rubro', own.rubro?.message)}
        {...register('rubro', { valueAsNumber: true })}
      />
      <SelectField
        label={V.tipoDoc}
        options={DOC_OPTIONS}
        {...register('tipo_doc', {
          valueAsNumber: true,
          onChange: () => {
            // Another document type: the number and the name no longer apply.
            lookup.reset();
            setValue('ndoc', '', { shouldValidate: true });
            setValue('rsocial', '');
          },
        })}
      />
      <div>
        <Label htmlFor={`${id}-ndoc`} required>
          {docNameOf(Number(tipoDoc))}
        </Label>
        <Controller
          control={control}
          name="ndoc"
          render={({ field, fieldState }) => (
            <Input
              id={`${id}-ndoc`}
              inputMode="numeric"
              autoComplete="off"
              required
              maxLength={documentLength(kind)}
              value={field.value}
              onPaste={lookup.onPaste}
              onChange={(e) => {
                const doc = lookup.input(e.target.value);
                if (doc !== null) setValue('ndoc', doc, { shouldValidate: true, shouldDirty: true });
              }}
              onBlur={field.onBlur}
              aria-invalid={fieldState.error || ndocError ? true : undefined}
              aria-describedby={ndocError ? `${id}-ndoc-msg` : undefined}
              className="tabular-nums"
            />
          )}
        />
        <FieldError id={`${id}-ndoc-msg`} message={ndocError} />
        <LoadingModal open={lookup.searching !== null} text={lookup.searching ?? ''} />
      </div>
      <TextField
        label={V.rsocial}
        className="sm:col-span-2 lg:col-span-3"
        maxLength={250}
        error={gate.errorAt('rsocial', own.rsocial?.message)}
        {...register('rsocial')}
      />
      <Controller
        control={control}
        name="fecha"
        render={({ field }) => <DateField label={V.date} required value={field.value} onValueChange={field.onChange} />}
      />
    </div>
  );
}
