// Entry modal. Create: order number + year (server year down to 2022) + 'Buscar' (the kit's OrderSearchField) fills the
// items, brands and delivery notes; an order that already has an entry is said at once, before anything is filled.
// react-hook-form holds the head fields and the contract's ingresoBody judges the whole body (head and lines), so
// Grabar stays disabled while invalid and says why. A refused save shows the server's own reason (the duplicate
// order: 'No puede grabar, orden de compra ya registrado'). View (code 50): read-only, no save button; the
// delivery-note selector only switches which of the entry's notes is shown.
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ingresoBody, type IngresoBody } from '@shared/contract/ingresos';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { Button } from '@client/components/ui/button';
import { LoadingBody } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { FormModal } from '@client/components/form-modal';
import { MesCerradoNotice } from '@client/components/mes-cerrado';
import { contractResolver, saveErrorMessage, useFormGate } from '@client/components/form-gate';
import { useMasterDetail } from '@client/components/use-master-detail';
import { OrderSearchField, useOrderSearch } from '@client/components/order-search-field';
import { fetchOrden, useCreateIngreso, useIngreso, type IngresoLine, type OrdenInfo } from './api';
import { IngresoFields } from './ingreso-fields';
import { orderYearOptions } from '@client/components/order-year';

const L = LABELS.ingresos;

const FIELDS: Record<string, string> = {
  nro_ordencompra: L.orderNumber,
  anio: L.year,
  fecha: L.entryDate,
  nro_guiaremision: L.guide,
  ingresos_det: LABELS.almacen.items,
};

export interface IngresoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Entry to view; null opens the create form. */
  viewId: number | null;
}

export function IngresoDialog({ open, onOpenChange, viewId }: IngresoDialogProps) {
  if (!open) return null;
  return viewId === null ? (
    <IngresoCreate onClose={() => onOpenChange(false)} />
  ) : (
    <IngresoView id={viewId} onClose={() => onOpenChange(false)} />
  );
}

function linesOf(info: OrdenInfo): IngresoLine[] {
  return info.items.map((i) => ({
    insumo: { insumo_codigo: i.insumo_codigo, insumo_name: i.insumo_name },
    cantidad: i.cantidad,
    unimed: i.unimed,
    marca: null,
    precio_unitario: i.precio_unitario,
  }));
}

interface Head {
  nro_ordencompra: string;
  anio: number;
  fecha: string;
  nro_guiaremision: string;
}

function IngresoCreate({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const years = useMemo(() => orderYearOptions(session?.date), [session?.date]);
  const [found, setFound] = useState<OrdenInfo | null>(null);
  const order = useOrderSearch();
  const create = useCreateIngreso();
  const md = useMasterDetail<IngresoLine>({ editing: false, keyOf: (l) => l.id });
  const rest = useRef<Partial<IngresoBody>>({});
  const { register, setValue, watch, formState } = useForm<Head>({
    defaultValues: { nro_ordencompra: '', anio: years[0], fecha: session?.date ?? '', nro_guiaremision: '' },
    resolver: contractResolver<Head>(ingresoBody, () => rest.current),
    ...FORM_VALIDATION,
  });
  const head = watch();

  const search = () => {
    const nro = head.nro_ordencompra.trim();
    if (!nro) return;
    void order.run(
      async () => {
        const info = await fetchOrden(nro, head.anio);
        setFound(info);
        md.lines.reset(linesOf(info));
        setValue('nro_guiaremision', '', { shouldDirty: true });
      },
      () => {
        setFound(null);
        md.lines.reset([]);
      },
    );
  };

  const first = found?.items[0];
  const guia = found?.guias.find((g) => g.nro_guiaremision === head.nro_guiaremision) ?? null;
  const body: IngresoBody = {
    nro_ordencompra: head.nro_ordencompra.trim(),
    anio: head.anio,
    orden_id: first?.orden_id ?? null,
    fecha: head.fecha,
    proveedor: first?.proveedor ?? null,
    fecha_ordencompra: first?.fecha_ordencompra ?? null,
    nro_guiaremision: guia?.nro_guiaremision ?? null,
    fecha_guiaremision: guia?.fecha_guiaremision ?? null,
    guias_remision: found?.guias ?? [],
    ingresos_det: md.lines.lines,
    editorMode: 'crear',
  };
  rest.current = body;
  const registered = found?.registrado ?? null;
  const gate = useFormGate({
    schema: ingresoBody,
    values: body,
    labels: FIELDS,
    worked: formState,
    pre: registered
      ? { path: 'nro_ordencompra', message: MSG.orderAlreadyEntered(formatDate(registered.fecha)) }
      : !found && head.nro_ordencompra.trim() !== ''
        ? { path: '', message: MSG.orderNotSearched }
        : null,
    // The order has delivery notes: the entry names the one it came with.
    extra: found && found.guias.length > 0 && !guia ? { path: 'nro_guiaremision', message: FIELD.required } : null,
  });

  const save = async () => {
    if (!found || !gate.valid) return;
    try {
      await create.mutateAsync(body);
    } catch (err) {
      // A toast for the registered order; every refusal also shows its reason in the modal.
      if (err instanceof ApiError && err.status !== 401) toast.error(saveErrorMessage(err));
      throw err;
    }
    toast.success(MSG.saved);
    onClose();
  };

  const orderError = registered
    ? MSG.orderAlreadyEntered(formatDate(registered.fecha))
    : (order.error ?? formState.errors.nro_ordencompra?.message);
  return (
    <FormModal
      title={L.create}
      width="xl"
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={formState.isDirty || found !== null}
      onClose={onClose}
      onSubmit={save}
    >
      <OrderSearchField
        number={{
          label: L.orderNumber,
          required: true,
          autoFocus: true,
          className: 'w-48',
          error: orderError,
          ...register('nro_ordencompra'),
        }}
        year={{
          label: L.year,
          className: 'w-32',
          value: head.anio,
          onChange: (e) => setValue('anio', Number(e.target.value), { shouldDirty: true, shouldValidate: true }),
        }}
        years={years}
        searchLabel={L.search}
        searching={order.searching}
        canSearch={head.nro_ordencompra.trim() !== ''}
        onSearch={search}
      />
      {found && !registered && (
        <IngresoFields
          readOnly={false}
          proveedor={first?.proveedor ?? ''}
          fechaOrden={first?.fecha_ordencompra ?? ''}
          guias={found.guias}
          guia={head.nro_guiaremision}
          guiaRequired={found.guias.length > 0}
          guiaError={gate.errorAt('nro_guiaremision')}
          onGuiaChange={(g) => setValue('nro_guiaremision', g, { shouldDirty: true })}
          fecha={head.fecha}
          onFechaChange={(fecha) => setValue('fecha', fecha, { shouldDirty: true, shouldValidate: true })}
          lines={md.lines.lines}
          brands={found.marcas.map((m) => m.cotidet_marca)}
          onBrandChange={(i, marca) => md.lines.update(i, (l) => ({ ...l, marca: marca || null }))}
        />
      )}
      {found && !registered && <MesCerradoNotice fecha={head.fecha} />}
    </FormModal>
  );
}

function IngresoView({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useIngreso(id);
  // Which of the entry's delivery notes is shown; view mode saves nothing (spec: read-only).
  const [picked, setPicked] = useState<string | null>(null);
  const data = detail.data;
  const guia = picked ?? data?.nro_guiaremision ?? '';

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={L.view}
      width="xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          {LABELS.close}
        </Button>
      }
    >
      {!data ? (
        <LoadingBody failed={detail.isError} />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-end gap-3">
            <TextField label={L.orderNumber} className="w-48" value={data.nro_ordencompra} disabled readOnly />
            <SelectField
              label={L.year}
              className="w-32"
              value={data.anio}
              disabled
              options={[{ value: data.anio, label: String(data.anio) }]}
            />
          </div>
          <IngresoFields
            readOnly
            proveedor={data.proveedor ?? ''}
            fechaOrden={data.fecha_ordencompra ?? ''}
            guias={data.guias_remision}
            guia={guia}
            onGuiaChange={setPicked}
            fecha={data.fecha}
            lines={data.ingresos_det}
            brands={[]}
          />
        </div>
      )}
    </Modal>
  );
}
