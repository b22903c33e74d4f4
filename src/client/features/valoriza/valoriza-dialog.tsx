// Valuation modal (62% width) with two tabs. Datos generales: rubro, document type and
// number (8 digits DNI, 11 RUC; the lookup runs with the 'Buscando {tipo}' modal when the number is complete and
// fills rsocial, cleared when the registry does not know it), date, client, the daily reports (add 23, edit 24,
// remove 25: removed saved ones go to `trash`; plus the unbilled reports already saved from the field) and the
// totals, computed by the shared `valorizaTotals` (the same function the server stores with). Detalles: the
// detraction account with its rate, the deposit account, the observation (required). In edit mode the form
// starts locked; the 'Editar' checkbox unlocks it. Validated by the contract's schema: a disabled Grabar says
// which field to check, closing with changes asks first, a refused save shows the server's message in the modal.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ROLE } from '@shared/auth/permissions';
import { TIPOS_DOC, valorizaBody, type CuentaRow, type ValorizaDetail } from '@shared/contract/valoriza';
import { limaDate } from '@shared/domain/dates';
import { formatAmount, toCents } from '@shared/domain/money';
import { DETRACCION_THRESHOLD_CENTS, valorizaTotals } from '@shared/domain/valoriza';
import { FIELD, LABELS, MSG } from '@shared/messages';
import { DateField, FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { FormModal } from '@client/components/form-modal';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { LineItemTable, type LineColumn } from '@client/components/line-item-table';
import { useMasterDetail } from '@client/components/use-master-detail';
import { LoadingModal } from '@client/components/modal';
import { NumericInput } from '@client/components/numeric-input';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { FieldError, Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { Textarea } from '@client/components/ui/textarea';
import { formatDate } from '@client/lib/format';
import { useHasRole, useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
// eslint-disable-next-line no-restricted-imports -- a valuation bills daily reports; to the kit when features/partesdiarios is split (docs/architecture.md)
import { describeParte, itemOfRow, useInfoVenta, type ParteItem, type ParteRow } from '@client/features/partesdiarios/api';
// eslint-disable-next-line no-restricted-imports -- a valuation bills daily reports; to the kit when features/partesdiarios is split (docs/architecture.md)
import { ParteDialog } from '@client/features/partesdiarios/parte-dialog';
import { ListPlus, Plus } from 'lucide-react';
import { lookupName, useCuentas, useSaveValoriza, useValoriza, type ValorizaForm } from './api';
import { PickPartesDialog } from './pick-partes-dialog';

const V = LABELS.valoriza;
const P = LABELS.partes;

/** How a report shows in the table (names the ids; kept from the server's row when the catalogue lacks them). */
interface ParteView {
  placa: string;
  maquinaria: string;
  actividad: string;
  servicio: string;
  unidad: string;
}

/** A report of the valuation: the item, how it shows, and whether it was changed here (then sent whole). */
export interface ValItem extends ParteItem {
  view: ParteView;
  changed: boolean;
}

interface Values {
  fecha: string;
  rubro: number;
  tipo_doc: number;
  ndoc: string;
  rsocial: string;
  observacion: string;
  cta_detraccion: number | null;
  cta_deposito: number | null;
}

const RUBRO_OPTIONS = LABELS.rubros.map((label, i) => ({ value: i + 1, label: `${i + 1} ${label}` }));
const DOC_OPTIONS = LABELS.docTypes.map((d, i) => ({ value: i + 1, label: d.name }));
const docLength = (tipo: number) => (tipo === TIPOS_DOC.DNI ? 8 : 11);

const viewOfRow = (r: ParteRow): ParteView => ({
  placa: r.placa,
  maquinaria: r.maquinaria,
  actividad: r.actividad,
  servicio: r.servicio,
  unidad: r.unidad,
});

const itemOf = (r: ParteRow): ValItem => ({ ...itemOfRow(r), view: viewOfRow(r), changed: false });

/** The body's item: a report changed or created here goes whole; one taken as it is goes as `{ parte_id }`. */
function bodyItem(l: ValItem): ValorizaForm['partesdiarios'][number] {
  if (l.parte_id !== null && !l.changed) return { parte_id: l.parte_id };
  const { view: _view, changed: _changed, ...item } = l;
  return item;
}

const firstOf = (cuentas: readonly CuentaRow[] | undefined, tipo: CuentaRow['tipo_cuenta']) =>
  cuentas?.find((c) => c.tipo_cuenta === tipo)?.cuenta_id ?? null;

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
  const id = useId();
  const session = useSession();
  const info = useInfoVenta();
  const save = useSaveValoriza();
  const canAdd = useHasRole(ROLE.parteDiarioNuevo);
  const canEditLine = useHasRole(ROLE.parteDiarioEditar);
  const canRemoveLine = useHasRole(ROLE.parteDiarioEliminar);
  const editing = detail !== null;
  const [locked, setLocked] = useState(editing);
  const [tab, setTab] = useState('general');
  const [picking, setPicking] = useState(false);
  const [searching, setSearching] = useState<string | null>(null);
  const looked = useRef(detail?.ndoc ?? '');

  const form = useForm<Values>({
    resolver: contractResolver(valorizaBody),
    defaultValues: detail
      ? {
          fecha: detail.fecha,
          rubro: detail.rubro,
          tipo_doc: detail.tipo_doc,
          ndoc: detail.ndoc,
          rsocial: detail.rsocial,
          observacion: detail.observacion,
          cta_detraccion: detail.cta_detraccion,
          cta_deposito: detail.cta_deposito,
        }
      : {
          fecha: session?.date ?? limaDate(),
          rubro: 1,
          tipo_doc: TIPOS_DOC.RUC,
          ndoc: '',
          rsocial: '',
          observacion: '',
          // The first account of each type; the rate follows the detraction account.
          cta_detraccion: firstOf(cuentas, 'detraccion'),
          cta_deposito: firstOf(cuentas, 'deposito'),
        },
    ...FORM_VALIDATION,
  });
  const { register, control, setValue, handleSubmit, formState, trigger, watch } = form;
  // The detail is loaded before the editor mounts: its reports are the initial lines; the sub-modal's index and
  // the trash come from the kit.
  const md = useMasterDetail<ValItem>({
    editing: false,
    keyOf: (l) => l.parte_id,
    initialLines: (detail?.partesdiarios ?? []).map(itemOf),
  });
  const { lines, item: parteItem } = md;

  useEffect(() => {
    if (editing) void trigger();
  }, [editing, trigger]);

  const [rubro, tipoDoc, ctaDetraccion, fecha, observacion] = useWatch({
    control,
    name: ['rubro', 'tipo_doc', 'cta_detraccion', 'fecha', 'observacion'],
  });
  const detraccionAccount = cuentas.find((c) => c.cuenta_id === ctaDetraccion);
  const totals = valorizaTotals({
    montos: lines.lines.map((l) => l.monto),
    rubro: Number(rubro),
    tasa: detraccionAccount?.tasa_impuesto ?? detail?.tasa_detraccion,
  });

  const accountOptions = (tipo: CuentaRow['tipo_cuenta']) => [
    { value: '', label: LABELS.almacen.select },
    ...cuentas.filter((c) => c.tipo_cuenta === tipo).map((c) => ({ value: c.cuenta_id, label: c.nro_cuenta })),
  ];

  const runLookup = async (tipo: number, ndoc: string) => {
    looked.current = ndoc;
    setSearching(LABELS.docTypes[tipo - 1]?.name ?? '');
    try {
      const name = await lookupName(tipo, ndoc);
      // Not in the registry: the name is cleared for the user to type it.
      setValue('rsocial', name ?? '', { shouldValidate: true, shouldDirty: true });
      if (name === null) toast.info(tipo === TIPOS_DOC.DNI ? MSG.dniNotFound(ndoc) : MSG.rucNotFound(ndoc));
    } catch {
      // Lookup failure: the loading modal just closes; the name stays editable.
    } finally {
      setSearching(null);
    }
  };

  const onNdoc = (text: string) => {
    setValue('ndoc', text, { shouldValidate: true, shouldDirty: true });
    const tipo = Number(tipoDoc);
    if (text.length === docLength(tipo) && text !== looked.current) void runLookup(tipo, text);
  };

  const onParte = (item: ParteItem) => {
    const old = parteItem.line;
    const named = describeParte(item, info.data);
    const view: ParteView = {
      placa: named.placa || old?.view.placa || '',
      maquinaria: named.maquinaria || old?.view.maquinaria || '',
      actividad: named.actividad || old?.view.actividad || '',
      servicio: named.servicio || old?.view.servicio || '',
      unidad: named.servicio ? named.unidad : (old?.view.unidad ?? named.unidad),
    };
    parteItem.submit({ ...item, view, changed: true });
  };

  const inValuation = useMemo(() => new Set(lines.lines.flatMap((l) => (l.parte_id ? [l.parte_id] : []))), [lines.lines]);
  const onPick = (rows: ParteRow[]) => {
    for (const r of rows) if (!inValuation.has(r.parte_id)) lines.add(itemOf(r));
  };

  // The body is built from the form's own values (the schema's output turns '' into null); the schema judges it.
  const v = watch();
  const body: ValorizaForm = {
    valoriza_id: detail?.valoriza_id ?? null,
    fecha: v.fecha,
    rubro: Number(v.rubro),
    tipo_doc: Number(v.tipo_doc),
    ndoc: v.ndoc,
    rsocial: v.rsocial.trim(),
    observacion: v.observacion.trim(),
    cta_detraccion: v.cta_detraccion ? Number(v.cta_detraccion) : null,
    cta_deposito: v.cta_deposito ? Number(v.cta_deposito) : null,
    partesdiarios: lines.lines.map(bodyItem),
    trash: md.trash.flatMap((l) => (l.parte_id ? [l.parte_id] : [])),
    editorMode: editing ? 'editar' : 'crear',
  };
  const dirty = formState.isDirty || md.dirty;
  const docName = LABELS.docTypes[Number(tipoDoc) - 1]?.name ?? V.document;
  const gate = useFormGate({
    schema: valorizaBody,
    values: body,
    labels: {
      fecha: V.date,
      rubro: V.rubro,
      tipo_doc: V.tipoDoc,
      ndoc: docName,
      rsocial: V.rsocial,
      observacion: V.observation,
      cta_detraccion: V.ctaDetraccion,
      cta_deposito: V.ctaDeposito,
      partesdiarios: V.reports,
    },
    dirty,
    extra: lines.lines.length === 0 ? { path: 'partesdiarios', message: FIELD.required } : null,
  });

  // A refusal rejects: the modal shows the server's reason.
  const submit = handleSubmit(async () => {
    await save.mutateAsync(body);
    toast.success(MSG.saved);
    onClose();
  });

  const columns: LineColumn<ValItem>[] = [
    {
      header: V.reportNumber,
      cell: (l) => (
        <span className="whitespace-nowrap">
          {l.nro_parte_interno}
          <span className="block text-xs text-muted-foreground">{formatDate(l.fecha)}</span>
        </span>
      ),
    },
    {
      header: V.machine,
      cell: (l) => (
        <span>
          <span className="font-medium whitespace-nowrap">{l.view.placa}</span>
          <span className="block text-xs text-muted-foreground">{l.nombre_operador}</span>
        </span>
      ),
    },
    {
      header: V.service,
      cell: (l) => (
        <span>
          {l.view.servicio}
          <span className="block text-xs text-muted-foreground">{l.view.actividad}</span>
        </span>
      ),
    },
    {
      header: V.quantity,
      cell: (l) => (
        <span className="whitespace-nowrap">
          {formatAmount(l.partesdiarios_det.cantid)} {l.view.unidad}
          <span className="block text-xs text-muted-foreground" title={V.unitPrice}>
            × {formatAmount(l.partesdiarios_det.preuni)}
          </span>
        </span>
      ),
      align: 'right',
      className: 'tabular-nums',
    },
    { header: V.amount, cell: (l) => formatAmount(l.monto), align: 'right', className: 'tabular-nums' },
  ];

  const editingLine = parteItem.line;
  const obsMissing = (observacion ?? '').trim() === '';
  const own = formState.errors;
  const errors = {
    rubro: { message: gate.errorAt('rubro', own.rubro?.message) },
    ndoc: { message: gate.errorAt('ndoc', own.ndoc?.message) },
    rsocial: { message: gate.errorAt('rsocial', own.rsocial?.message) },
    observacion: { message: gate.errorAt('observacion', own.observacion?.message) },
  };

  return (
    <FormModal
      title={editing ? `${V.edit} N° ${detail.valoriza_id}` : V.create}
      width="62%"
      busy={save.isPending}
      valid={!locked && gate.valid}
      invalidReason={locked ? null : gate.reason}
      dirty={dirty}
      onClose={onClose}
      onSubmit={submit}
      outside={
        <>
          {parteItem.open && (
            <ParteDialog
              title={editingLine ? P.edit : P.create}
              initial={editingLine}
              defaultFecha={fecha}
              lockMachine={editingLine?.parte_id != null}
              confirmLabel={editingLine ? LABELS.almacen.update : LABELS.almacen.add}
              onClose={parteItem.close}
              onSubmit={onParte}
            />
          )}
          <PickPartesDialog open={picking} onOpenChange={setPicking} exclude={inValuation} onPick={onPick} />
          <LoadingModal open={searching !== null} text={MSG.lookupSearching(searching ?? '')} />
        </>
      }
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
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <SelectField
                label={V.rubro}
                className="sm:col-span-2"
                options={RUBRO_OPTIONS}
                error={errors.rubro.message}
                {...register('rubro', { valueAsNumber: true })}
              />
              <SelectField
                label={V.tipoDoc}
                options={DOC_OPTIONS}
                {...register('tipo_doc', {
                  valueAsNumber: true,
                  onChange: () => {
                    // Another document type: the number and the name no longer apply.
                    looked.current = '';
                    setValue('ndoc', '', { shouldValidate: true });
                    setValue('rsocial', '');
                  },
                })}
              />
              <div>
                <Label htmlFor={`${id}-ndoc`} required>
                  {docName}
                </Label>
                <Controller
                  control={control}
                  name="ndoc"
                  render={({ field, fieldState }) => (
                    <NumericInput
                      id={`${id}-ndoc`}
                      integer
                      required
                      maxLength={docLength(Number(tipoDoc))}
                      value={field.value}
                      onValueChange={onNdoc}
                      onBlur={field.onBlur}
                      aria-invalid={fieldState.error || errors.ndoc.message ? true : undefined}
                    />
                  )}
                />
                <FieldError message={errors.ndoc.message} />
              </div>
              <TextField
                label={V.rsocial}
                className="sm:col-span-2 lg:col-span-3"
                maxLength={250}
                error={errors.rsocial.message}
                {...register('rsocial')}
              />
              <Controller
                control={control}
                name="fecha"
                render={({ field }) => <DateField label={V.date} required value={field.value} onValueChange={field.onChange} />}
              />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-slate-700">{V.reports}</h3>
              {canAdd && (
                <div className="flex flex-wrap gap-2">
                  <Button type="button" size="sm" variant="secondary" onClick={() => setPicking(true)}>
                    <ListPlus aria-hidden="true" />
                    {V.pickReports}
                  </Button>
                  <Button type="button" size="sm" variant="secondary" onClick={parteItem.openNew}>
                    <Plus aria-hidden="true" />
                    {V.addReport}
                  </Button>
                </div>
              )}
            </div>
            <LineItemTable
              columns={columns}
              lines={lines.lines}
              keys={lines.keys}
              onEdit={canEditLine ? parteItem.openEdit : undefined}
              onRemove={canRemoveLine ? lines.remove : undefined}
              readOnly={locked}
              emptyText={V.noReports}
            />
            <Totals totals={totals} />
          </TabsContent>
          <TabsContent value="details" forceMount hidden={tab !== 'details'} className="grid gap-3 sm:grid-cols-3">
            <SelectField
              label={V.ctaDetraccion}
              options={accountOptions('detraccion')}
              {...register('cta_detraccion', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
            />
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
            <SelectField
              label={V.ctaDeposito}
              options={accountOptions('deposito')}
              {...register('cta_deposito', { setValueAs: (v) => (v === '' || v === null ? null : Number(v)) })}
            />
            <div className="sm:col-span-3">
              <Label htmlFor={`${id}-obs`} required>
                {V.observation}
              </Label>
              <Textarea
                id={`${id}-obs`}
                required
                rows={4}
                maxLength={2000}
                aria-invalid={errors.observacion.message ? true : undefined}
                {...register('observacion')}
              />
              <FieldError message={errors.observacion.message} />
            </div>
          </TabsContent>
        </fieldset>
      </Tabs>
      {obsMissing && !locked && tab === 'general' && <p className="text-xs text-destructive">{V.obsMissing}</p>}
    </FormModal>
  );
}

/**
 * Subtotal, IGV, total, detracción and deposit, with 2 decimals. The detracción line appears when the total with IGV
 * exceeds 700.00: with the account's rate for rubro 1, as 0.00 'no aplica' for rubros 2 and 3.
 */
export function Totals({ totals }: { totals: ReturnType<typeof valorizaTotals> }) {
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
          <dd className={`text-right tabular-nums ${cls ?? ''}`}>{formatAmount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
