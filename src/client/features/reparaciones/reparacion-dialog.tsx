// Repair modal: plate, service-order number + year (server year down to 2022) + Buscar
// (one item fills service, provider, warranty and date; several → the related-services selector), the failure to
// repair (shown only when the machine has failures to offer, then required), provider, date, service description,
// warranty, the amount (the chosen item's, editable) and detail. Save disabled while invalid, saying which field to check; closing with changes asks first;
// a refused save shows the server's reason in the modal and marks the fields it names. Its seams: the form's state
// (useReparacionForm), the service order (the kit's OrderSearchField and useServiceOrder), the failure to repair
// (useFallaChoice) and the fields.
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { reparacionBody, type ReparacionBody } from '@shared/contract/reparaciones';
import type { InfoOrdenServicio } from '@shared/contract/reparaciones';
import { limaDate } from '@shared/domain/dates';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { FormModal } from '@client/components/form-modal';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { fieldErrorsOf } from '@client/components/save-refusal';
import { DateField, FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { OrderSearchField, useOrderSearch } from '@client/components/order-search-field';
import { NumericInput } from '@client/components/numeric-input';
import { FieldError } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { formatDate } from '@client/lib/format';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { maquinariaOptions } from '@client/components/maquinaria-options';
import { orderYearOptions } from '@client/components/order-year';
import { fetchOrdenServicio, useFallasDeMaquinaria, useReparacion, useSaveReparacion, type ReparacionDetail } from './api';

const R = LABELS.reparaciones;
const A = LABELS.almacen;

interface Values {
  maquinaria_id: number;
  nro_orden: string;
  anio: number;
  orden_id: number | null;
  ordendet_item: number | null;
  servicio: string;
  descripcion: string;
  fecha: string;
  detalle: string;
  garantia: string;
  proveedor: string;
  /** Text of the amount field ('' = none: the server takes the item's). */
  monto: string;
  falla_id: number | null;
}

type ServiceItem = InfoOrdenServicio['items'][number];

/** Labels of the fields a disabled Grabar may name. */
const FIELDS: Record<string, string> = {
  maquinaria_id: A.plate,
  nro_orden: R.orderNumber,
  anio: R.year,
  falla_id: R.failure,
  ordendet_item: R.relatedServices,
  proveedor: R.provider,
  fecha: A.date,
  descripcion: R.service,
  garantia: R.warranty,
  monto: LABELS.reparacionMonto.amount,
  detalle: R.detail,
};

const valuesOf = (d: ReparacionDetail, year: number): Values => ({
  maquinaria_id: d.maquinaria_id,
  nro_orden: d.nro_orden ?? '',
  anio: d.anio ?? year,
  orden_id: d.orden_id,
  ordendet_item: d.ordendet_item,
  servicio: d.servicio ?? '',
  descripcion: d.descripcion,
  fecha: d.fecha,
  detalle: d.detalle ?? '',
  garantia: d.garantia ?? '',
  proveedor: d.proveedor ?? '',
  monto: d.monto.toFixed(2),
  falla_id: d.falla_id,
});

export interface ReparacionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The repair to edit (code 40); null creates one (39). */
  editId: number | null;
}

export function ReparacionDialog({ open, onOpenChange, editId }: ReparacionDialogProps) {
  if (!open) return null;
  return <ReparacionEditor key={editId ?? 'new'} editId={editId} onClose={() => onOpenChange(false)} />;
}

const toId = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

type Form = UseFormReturn<Values, unknown, ReparacionBody>;

/** The form over the contract's body, with the edited repair put in once it is loaded. */
function useReparacionForm(editId: number | null) {
  const session = useSession();
  const years = useMemo(() => orderYearOptions(session?.date), [session?.date]);
  const detail = useReparacion(editId);
  const empty: Values = {
    maquinaria_id: 0,
    nro_orden: '',
    anio: years[0],
    orden_id: null,
    ordendet_item: null,
    servicio: '',
    descripcion: '',
    fecha: session?.date ?? limaDate(),
    detalle: '',
    garantia: '',
    proveedor: '',
    monto: '',
    falla_id: null,
  };
  const form = useForm<Values, unknown, ReparacionBody>({
    // The contract's body schema judges the modal (it normalises '' to null and checks the year and the ids).
    resolver: contractResolver<Values, ReparacionBody>(reparacionBody),
    defaultValues: empty,
    ...FORM_VALIDATION,
  });
  const { reset } = form;
  const [loaded, setLoaded] = useState(editId === null);
  useEffect(() => {
    if (loaded || !detail.data) return;
    reset(valuesOf(detail.data, years[0]));
    setLoaded(true);
  }, [detail.data, loaded, reset, years]);
  return { form, detail, years, loaded, fieldNames: empty };
}

/** The machine's failures to repair: the selector appears only when it has some, and then it is required. */
function useFallaChoice(form: Form, editId: number | null) {
  const { watch, getValues, setValue } = form;
  const fallas = useFallasDeMaquinaria(Number(watch('maquinaria_id')) || 0, editId);
  const options = fallas.data ?? [];
  useEffect(() => {
    const current = getValues('falla_id');
    if (fallas.data && current !== null && !fallas.data.some((f) => f.falla_id === current)) setValue('falla_id', null);
  }, [fallas.data, getValues, setValue]);
  const needed = options.length > 0;
  return { options, needed, missing: needed && watch('falla_id') === null };
}

/**
 * The service order: one item fills service, provider, warranty and date; several offer the related services. An
 * item another repair already holds is not offered (the save would be refused): it shows disabled, naming that repair.
 */
function useServiceOrder(form: Form, editId: number | null) {
  const { getValues, setValue } = form;
  const [items, setItems] = useState<ServiceItem[]>([]);
  const order = useOrderSearch();

  const apply = (item: ServiceItem) => {
    const opts = { shouldValidate: true, shouldDirty: true };
    setValue('orden_id', item.orden_id, opts);
    setValue('ordendet_item', item.ordendet_item, opts);
    setValue('servicio', item.ordendet_desart, opts);
    setValue('proveedor', item.pers_nombre, opts);
    setValue('garantia', item.reqadj_garantia ?? '', opts);
    setValue('fecha', item.orden_fechadoc.slice(0, 10), opts);
    setValue('monto', item.monto.toFixed(2), opts);
    if (!getValues('descripcion').trim()) setValue('descripcion', item.reqadj_actividades || item.ordendet_desart, opts);
  };

  const search = () => {
    const nro = getValues('nro_orden').trim();
    if (!nro) return;
    setItems([]);
    void order.run(async () => {
      const anio = Number(getValues('anio'));
      const found = (await fetchOrdenServicio(nro, anio)).items;
      const free = found.filter((i) => i.reparacion_id === null || i.reparacion_id === editId);
      const taken = found.find((i) => i.reparacion_id !== null && i.reparacion_id !== editId);
      if (found.length === 0) order.fail(MSG.serviceOrderNotFound);
      else if (free.length === 0 && found.length === 1 && taken?.reparacion_id)
        order.fail(MSG.repairOrderItemTaken(taken.ordendet_item, `${nro}-${anio}`, taken.reparacion_id));
      else if (free.length === 0) order.fail(MSG.repairOrderItemsTaken(`${nro}-${anio}`));
      else if (found.length === 1) apply(found[0]);
      else {
        setItems(found);
        setValue('ordendet_item', null);
      }
    });
  };
  return { items, setItems, order, apply, search };
}

function ReparacionEditor({ editId, onClose }: { editId: number | null; onClose: () => void }) {
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const options = useMemo(() => maquinariaOptions(maquinarias.data), [maquinarias.data]);
  const save = useSaveReparacion();
  const { form, detail, years, loaded, fieldNames } = useReparacionForm(editId);
  const { register, handleSubmit, setValue, setError, watch, formState } = form;
  const falla = useFallaChoice(form, editId);
  const service = useServiceOrder(form, editId);

  const submit = async (body: ReparacionBody) => {
    try {
      await save.mutateAsync({
        ...body,
        reparacion_id: editId,
        old_falla: detail.data?.old_falla ?? null,
        editorMode: editId !== null ? 'editar' : 'crear',
      });
      toast.success(MSG.saved);
      onClose();
    } catch (err) {
      for (const [name, message] of fieldErrorsOf(err)) {
        if (name in fieldNames) setError(name as keyof Values, { message });
      }
      throw err; // the modal shows the server's reason
    }
  };

  const err = formState.errors;
  const valid = formState.isValid && !falla.missing;
  const gate = useFormGate({
    schema: reparacionBody,
    values: { ...watch(), editorMode: editId !== null ? 'editar' : 'crear' },
    labels: FIELDS,
    worked: formState,
    extra: falla.missing ? { path: 'falla_id', message: FIELD.required } : null,
  });
  return (
    <FormModal
      title={editId !== null ? R.edit : R.create}
      width="xl"
      busy={save.isPending}
      valid={valid}
      invalidReason={valid ? null : gate.reason}
      dirty={formState.isDirty}
      onClose={onClose}
      onSubmit={() => handleSubmit(submit)()}
      loaded={loaded}
      loadFailed={detail.isError}
      className="grid gap-3 md:grid-cols-4"
    >
      <SelectField
        label={A.plate}
        required
        className="md:col-span-2"
        options={[{ value: 0, label: A.selectMachine }, ...options]}
        error={err.maquinaria_id?.message}
        {...register('maquinaria_id', { valueAsNumber: true, onChange: () => setValue('falla_id', null) })}
      />
      <OrderSearchField
        className="md:col-span-2"
        number={{
          label: R.orderNumber,
          className: 'min-w-0 flex-1',
          error: service.order.error ?? err.nro_orden?.message,
          ...register('nro_orden', { onChange: () => service.setItems([]) }),
        }}
        year={{ label: R.year, className: 'w-28', error: err.anio?.message, ...register('anio', { valueAsNumber: true }) }}
        years={years}
        searchLabel={R.search}
        searching={service.order.searching}
        onSearch={service.search}
      />
      {falla.needed && (
        <SelectField
          label={R.failure}
          required
          className="md:col-span-2"
          options={[
            { value: '', label: R.selectFailure },
            ...falla.options.map((f) => ({ value: f.falla_id, label: `N° ${f.falla_id} - ${f.descripcion} (${formatDate(f.fecha)})` })),
          ]}
          error={falla.missing && formState.isDirty ? MSG.repairFailureRequired : err.falla_id?.message}
          {...register('falla_id', { setValueAs: toId })}
        />
      )}
      <ReparacionFields form={form} service={service} editId={editId} />
    </FormModal>
  );
}

/** The related services of a several-item order, and the repair's own fields. */
function ReparacionFields({ form, service, editId }: { form: Form; service: ReturnType<typeof useServiceOrder>; editId: number | null }) {
  const { register, control, watch, formState } = form;
  const err = formState.errors;
  const { items, apply } = service;
  return (
    <>
      {items.length > 1 && (
        <SelectField
          label={R.relatedServices}
          required
          className="md:col-span-2"
          options={[
            { value: '', label: R.selectService },
            ...items.map((i) => {
              const heldBy = i.reparacion_id !== null && i.reparacion_id !== editId ? i.reparacion_id : null;
              const label = `${i.ordendet_item} - ${i.ordendet_desart}`;
              return { value: i.ordendet_item, label: heldBy ? R.itemHeldBy(label, heldBy) : label, disabled: heldBy !== null };
            }),
          ]}
          value={watch('ordendet_item') ?? ''}
          onChange={(e) => {
            const item = items.find((i) => i.ordendet_item === Number(e.target.value));
            if (item) apply(item);
          }}
        />
      )}
      <TextField label={R.provider} className="md:col-span-3" maxLength={250} error={err.proveedor?.message} {...register('proveedor')} />
      <Controller
        control={control}
        name="fecha"
        render={({ field }) => (
          <DateField label={A.date} required value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} />
        )}
      />
      <TextField
        label={R.service}
        required
        className="md:col-span-3"
        maxLength={4000}
        error={err.descripcion?.message}
        {...register('descripcion')}
      />
      <TextField label={R.warranty} maxLength={120} error={err.garantia?.message} {...register('garantia')} />
      <div className="md:col-span-2">
        <Label htmlFor="reparacion-monto">{LABELS.reparacionMonto.amount}</Label>
        <Controller
          control={control}
          name="monto"
          render={({ field }) => (
            <NumericInput
              id="reparacion-monto"
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={err.monto ? true : undefined}
              aria-describedby="reparacion-monto-hint"
            />
          )}
        />
        <p id="reparacion-monto-hint" className="text-xs text-slate-500">
          {LABELS.reparacionMonto.amountHint}
        </p>
        <FieldError message={err.monto?.message} />
      </div>
      <div className="md:col-span-4">
        <Label htmlFor="reparacion-detalle">{R.detail}</Label>
        <Textarea
          id="reparacion-detalle"
          rows={3}
          maxLength={4000}
          aria-invalid={err.detalle ? true : undefined}
          {...register('detalle')}
        />
        <FieldError message={err.detalle?.message} />
      </div>
    </>
  );
}
