// Create / edit operator modal. Create: only the DNI is enabled; typing its 8th digit
// runs the identity lookup under the 'Buscando DNI' modal. Found: names filled, and address, birth date, mobile
// and email that came back non-empty are locked while the empty ones stay editable. Not found: 'Dni incorrecto'
// and the rest stays disabled. A lookup that fails (no connection) says why under the DNI; the field follows the
// kit's document rule (useDocumentLookup: digits only, a longer number refused whole). Edit: the DNI is locked.
// Save disabled while invalid, saying which field to check; closing with changes asks first; a refused save shows
// its reason in the modal ('duplicate_op' (422) → 'Operador ya existente').
import { useEffect, useState, type ChangeEvent } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { operadorBody, type Individuo, type OperadorRow } from '@shared/contract/operadores';
import { limaDate } from '@shared/domain/dates';
import { LABELS, MSG } from '@shared/messages';
import { FormModal } from '@client/components/form-modal';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { fieldErrorsOf, useSaveRefusal } from '@client/components/save-refusal';
import { DateField, FORM_VALIDATION, TextField } from '@client/components/form-field';
import { LoadingModal } from '@client/components/modal';
import { useDocumentLookup } from '@client/components/use-document-lookup';
import { cn } from '@client/lib/cn';
import { toast } from '@client/lib/toast';
import { operadorSaveError, searchDni, useSaveOperador } from './api';

const L = LABELS.operadores;

/** The modal's fields, validated by the contract's own rules. */
const schema = operadorBody.pick({ dni: true, nombres: true, direccion: true, celular: true, email: true, fecha_nac: true });

/** Field labels by body path, for 'Para grabar, revise …'. */
const FIELDS: Record<string, string> = {
  dni: L.dni,
  nombres: L.name,
  direccion: L.address,
  celular: L.mobile,
  email: L.email,
  fecha_nac: L.birthDate,
};

interface Values {
  dni: string;
  nombres: string;
  direccion: string;
  celular: string;
  email: string;
  fecha_nac: string;
}

/** Fields the lookup locks when the registry gave a value. */
type Lockable = 'direccion' | 'fecha_nac' | 'celular' | 'email';

/** A locked field looks like a disabled one but keeps its value in the form. */
const lockedClass = (on: boolean) => (on ? '[&_input]:bg-muted [&_input]:text-slate-600' : undefined);

const EMPTY: Values = { dni: '', nombres: '', direccion: '', celular: '', email: '', fecha_nac: '' };

const valuesOf = (row: OperadorRow): Values => ({
  dni: row.dni,
  nombres: row.nombres,
  direccion: row.direccion ?? '',
  celular: row.celular ?? '',
  email: row.email ?? '',
  fecha_nac: row.fecha_nac ?? '',
});

/** What the identity registry says of a person, as the form's values. */
export function fromIndividuo(dni: string, p: Individuo): Values {
  return {
    dni,
    nombres: [p.indiv_appaterno, p.indiv_apmaterno, p.indiv_nombres]
      .map((s) => s.trim())
      .filter(Boolean)
      .join(' '),
    direccion: p.indiv_direccion1?.trim() ?? '',
    celular: p.indiv_celular?.trim() ?? '',
    email: p.indiv_email?.trim().toLowerCase() ?? '',
    fecha_nac: p.indiv_fechanac?.slice(0, 10) ?? '',
  };
}

export interface OperadorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The operator to edit; null creates one. */
  row: OperadorRow | null;
}

export function OperadorDialog({ open, onOpenChange, row }: OperadorDialogProps) {
  if (!open) return null;
  return <OperadorEditor key={row?.operador_id ?? 'new'} row={row} onClose={() => onOpenChange(false)} />;
}

/** What the registry gave for the typed DNI: the person's id and the fields it filled, which stay locked. */
type Found = { indivId: number; locked: Set<Lockable> };

/**
 * The DNI field's lookup (the kit's document lookup over the operators' searchdni): its 8th digit looks the person
 * up; found, the names and the non-empty fields are filled and locked; not found, 'Dni incorrecto'. A new DNI is a
 * new person: what the last lookup filled goes away.
 */
function usePersonLookup(form: UseFormReturn<Values>, editing: boolean) {
  const { reset, getValues, register, watch } = form;
  const [found, setFound] = useState<Found | null>(null);
  const lookup = useDocumentLookup<Individuo>({
    kind: 'DNI',
    value: watch('dni'),
    auto: !editing,
    find: async (dni, signal) => (await searchDni(dni, signal))[0] ?? null,
    onFound: (person, dni) => {
      const values = fromIndividuo(dni, person);
      const locked = new Set<Lockable>((['direccion', 'fecha_nac', 'celular', 'email'] as const).filter((k) => values[k] !== ''));
      reset(values, { keepDefaultValues: true });
      setFound({ indivId: person.indiv_id, locked });
    },
    onNotFound: (dni) => {
      reset({ ...EMPTY, dni });
      toast.error(MSG.wrongDni);
    },
  });
  const dniField = register('dni');
  const onDniChange = (e: ChangeEvent<HTMLInputElement>) => {
    const before = getValues('dni');
    const dni = lookup.input(e.target.value);
    e.target.value = dni ?? before;
    if (dni === null) return;
    if (!editing && (found || lookup.status !== 'idle') && dni !== before) {
      reset({ ...EMPTY, dni }, { keepDefaultValues: true });
      setFound(null);
    }
    void dniField.onChange(e);
  };
  return { lookup, found, dniField: { ...dniField, onChange: onDniChange, onPaste: lookup.onPaste } };
}

function OperadorEditor({ row, onClose }: { row: OperadorRow | null; onClose: () => void }) {
  const editing = row !== null;
  const save = useSaveOperador();
  const refusal = useSaveRefusal(operadorSaveError);
  const form = useForm<Values>({
    resolver: contractResolver<Values>(schema),
    defaultValues: row ? valuesOf(row) : EMPTY,
    ...FORM_VALIDATION,
  });
  const { register, control, handleSubmit, reset, setError, watch, formState } = form;
  useEffect(() => {
    if (row) reset(valuesOf(row));
  }, [row, reset]);
  const { lookup, found, dniField } = usePersonLookup(form, editing);

  const submit = async (values: Values) => {
    try {
      await save.mutateAsync({
        ...(values as Omit<Parameters<typeof save.mutateAsync>[0], 'operador_id' | 'indiv_id' | 'editorMode'>),
        operador_id: row?.operador_id ?? null,
        indiv_id: found ? found.indivId : (row?.indiv_id ?? null),
        editorMode: editing ? 'editar' : 'crear',
      });
      toast.success(MSG.operationOk);
      onClose();
    } catch (err) {
      for (const [name, message] of fieldErrorsOf(err)) {
        if (name in EMPTY) setError(name as keyof Values, { message });
      }
      throw err;
    }
  };

  const open = editing || found !== null;
  const locked = (k: Lockable) => found?.locked.has(k) === true;
  const busy = save.isPending;
  // 'Dni incorrecto' for a DNI that is not 8 digits (once touched) or that the registry does not know.
  const dirty = formState.isDirty;
  const gate = useFormGate({
    schema,
    values: watch(),
    labels: FIELDS,
    worked: formState,
    // The registry decides before the schema: a DNI it does not know, or one still being looked up, is the reason.
    pre:
      editing || (lookup.status !== 'searching' && lookup.status !== 'notFound')
        ? null
        : { path: 'dni', message: lookup.status === 'searching' ? LABELS.loading : MSG.wrongDni },
  });
  // While the registry is asked, the DNI is not wrong yet: the reason beside Grabar says it is being looked up.
  const dniError =
    lookup.message ??
    (lookup.status === 'notFound' || (lookup.status !== 'searching' && gate.errorAt('dni', formState.errors.dni?.message))
      ? MSG.wrongDni
      : undefined);
  const err = (k: keyof Values) => gate.errorAt(k, formState.errors[k]?.message);
  return (
    <FormModal
      title={editing ? L.edit : L.create}
      width="lg"
      busy={busy}
      valid={open && gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      error={refusal.error}
      onClose={onClose}
      onSubmit={() => refusal.guard(() => handleSubmit(submit)())}
      className="grid gap-3 md:grid-cols-2"
      outside={<LoadingModal open={lookup.searching !== null} text={lookup.searching ?? ''} />}
    >
      <TextField
        label={L.dni}
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        disabled={editing}
        error={dniError}
        hint={editing ? undefined : L.dniHint}
        {...dniField}
      />
      <TextField label={L.name} required disabled={!open} maxLength={200} error={err('nombres')} {...register('nombres')} />
      <TextField
        label={L.address}
        className={cn('md:col-span-2', lockedClass(locked('direccion')))}
        disabled={!open}
        readOnly={locked('direccion')}
        maxLength={250}
        error={err('direccion')}
        {...register('direccion')}
      />
      <TextField
        label={L.email}
        type="email"
        inputMode="email"
        autoComplete="off"
        disabled={!open}
        readOnly={locked('email')}
        className={lockedClass(locked('email'))}
        maxLength={120}
        error={err('email')}
        {...register('email')}
      />
      <TextField
        label={L.mobile}
        type="tel"
        inputMode="tel"
        disabled={!open}
        readOnly={locked('celular')}
        className={lockedClass(locked('celular'))}
        maxLength={20}
        error={err('celular')}
        {...register('celular')}
      />
      <Controller
        control={control}
        name="fecha_nac"
        render={({ field }) => (
          <DateField
            label={L.birthDate}
            value={typeof field.value === 'string' ? field.value : ''}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            max={limaDate()}
            disabled={!open || locked('fecha_nac')}
          />
        )}
      />
    </FormModal>
  );
}
