// The execution screen of a work order (code 72), tablet first: start, the checklist with three big toggles and a
// note per item (an OBSERVADO item can open a failure), labour, parts from the warehouse (supply search with stock;
// a part may change a wear part of the machine), the closing reading in the machine's unit (h or km), notes and
// photos; wait for parts / resume, close and annul (73) after a confirmation. Every save sends the order's whole state
// through the outbox (offline too); opened offline it shows the device's copy or the newest save still queued.
// The same form corrects a refused save ('Abrir y corregir': OrdenFixDialog).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Camera, FileText, Plus, Trash2 } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import { pathOf } from '@shared/contract/endpoint';
import { reparacionesApi } from '@shared/contract/reparaciones';
import { RANGE_MONTHS, rangeFirstDay } from '@shared/contract/ranges';
import {
  CHECK_RESULTADOS,
  FOTOS_PER_ORDEN,
  ordenestrabajoApi,
  type CheckResultado,
  type OrdenEstado,
} from '@shared/contract/ordenestrabajo';
import { limaDate } from '@shared/domain/dates';
import { MesCerradoNotice } from '@client/components/mes-cerrado';
import { meterUnitLabel, meterWord } from '@shared/domain/lecturas';
import { LABELS, MSG } from '@shared/messages';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { saveErrorMessage } from '@client/components/form-gate';
import { Modal } from '@client/components/modal';
import { NumericInput } from '@client/components/numeric-input';
import { preparePhoto } from '@client/components/photo-resize';
import { SearchableSelect } from '@client/components/searchable-select';
import { Badge } from '@client/components/ui/badge';
import { Button, IconButton } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import { DateInput } from '@client/components/ui/date-input';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Textarea } from '@client/components/ui/textarea';
import { call } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { openApiPdf } from '@client/lib/export';
import { useHasRole, useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { useOutboxFiles, useSyncEngine, type AttachmentInput, type OutboxItem, type SubmitResult, type TypedFix } from '@client/offline';
import { latestPending, queuedStart, saveOfDetail, useOrden, useTecnicos, type OrdenMeta, type OrdenSave, type RepuestoLine } from './api';
import { OrdenEstadoBadge } from './columns';
import { ordenestrabajoOffline, useSaveOrden } from './offline';

const L = LABELS.ordenes;
const TERMINADA: readonly OrdenEstado[] = ['CERRADA', 'ANULADA'];

function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" aria-label={title}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Why the order cannot be closed yet (the server's rules, checked on the device first), or null. */
function closeProblem(d: OrdenSave, horometro: boolean): string | null {
  const open = d.checklist.filter((c) => c.resultado === null).length;
  if (open) return MSG.ordenChecklistAbierto(open);
  const observed = d.checklist.find((c) => c.resultado === 'OBSERVADO' && !c.nota?.trim());
  if (observed) return MSG.ordenObservadoNota(observed.orden);
  if (d.horometro_cierre === null) return MSG.ordenLecturaFalta(meterWord(horometro));
  return null;
}

interface EjecucionProps {
  initial: OrdenSave;
  meta: OrdenMeta;
  /** Why the last save was refused (a correction shows the outbox item's reason). */
  refused?: string | null;
  onSave: (body: OrdenSave, files: AttachmentInput[]) => Promise<SubmitResult<unknown>>;
  /** After a save that leaves the order closed or annulled, or a correction resent. */
  onDone?: () => void;
  /** Photos already on the server. */
  savedPhotos: number;
  /** The queued save the screen opened on, whose photos still wait on the device. */
  queuedItemId?: string | null;
}

export function OrdenEjecucion({ initial, meta, refused = null, onSave, onDone, savedPhotos, queuedItemId = null }: EjecucionProps) {
  const waiting = useOutboxFiles(queuedItemId).length;
  const session = useSession();
  const canExecute = useHasRole(ROLE.ordenEjecutar);
  const canAnnul = useHasRole(ROLE.ordenAnular);
  const insumos = useCatalog(CATALOG.insumos);
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const tecnicos = useTecnicos();
  const [d, setD] = useState<OrdenSave>(initial);
  const [photos, setPhotos] = useState<AttachmentInput[]>([]);
  const [error, setError] = useState<string | null>(refused);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<'close' | 'annul' | null>(null);
  const [newItem, setNewItem] = useState('');
  const [part, setPart] = useState<{ insumo_id: number; cantidad: string; wear: boolean }>({ insumo_id: 0, cantidad: '', wear: false });
  const [lectura, setLectura] = useState(initial.horometro_cierre === null ? '' : String(initial.horometro_cierre));

  const done = TERMINADA.includes(d.estado);
  const readOnly = done || !canExecute || busy;
  const unit = meterUnitLabel(meta.horometro);
  const set = (patch: Partial<OrdenSave>) => setD((x) => ({ ...x, ...patch }));
  const machine = maquinarias.data?.find((m) => m.id === d.maquinaria_id);
  const insumoOptions = useMemo(
    () => (insumos.data ?? []).map((i) => ({ value: i.id, label: `${i.insumo_codigo} - ${i.insumo_name} (${L.stock}: ${i.stock})` })),
    [insumos.data],
  );
  const chosen = insumos.data?.find((i) => i.id === part.insumo_id);
  const wearPart = machine?.insumos.find((p) => p.insumo_id === part.insumo_id);
  const tecnicoOptions = useMemo(() => {
    const list = (tecnicos.data ?? []).map((t) => ({ value: t.usuario_id, label: t.nombre }));
    if (session && !list.some((t) => t.value === session.user.id)) list.unshift({ value: session.user.id, label: session.user.fullName });
    return list;
  }, [tecnicos.data, session]);

  const send = async (estado: OrdenEstado, motivo?: string) => {
    const now = new Date().toISOString();
    const body: OrdenSave = {
      ...d,
      saved: true,
      estado,
      horometro_cierre: lectura.trim() === '' ? null : Number(lectura),
      inicio: d.inicio ?? (estado !== 'ABIERTA' ? now : null),
      fin: estado === 'CERRADA' ? now : null,
      motivo_anulacion: motivo ?? d.motivo_anulacion,
    };
    if (estado === 'CERRADA') {
      const problem = closeProblem(body, meta.horometro);
      if (problem) {
        setError(problem);
        return;
      }
    }
    setBusy(true);
    setError(null);
    try {
      const res = await onSave(body, photos);
      if (res.queued) toast.info(MSG.savedOffline);
      else toast.success(MSG.saved);
      const answer = res.queued ? null : (res.data as Parameters<typeof saveOfDetail>[0] | undefined);
      setD(answer ? saveOfDetail(answer) : body);
      setPhotos([]);
      if (TERMINADA.includes(estado) || refused !== null) onDone?.();
    } catch (err) {
      setError(saveErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const setResult = (orden: number, resultado: CheckResultado) =>
    set({
      checklist: d.checklist.map((c) =>
        c.orden === orden ? { ...c, resultado, abrir_falla: resultado === 'OBSERVADO' && c.abrir_falla } : c,
      ),
    });
  const addItem = () => {
    const text = newItem.trim();
    if (!text) return;
    const orden = Math.max(0, ...d.checklist.map((c) => c.orden)) + 1;
    set({ checklist: [...d.checklist, { orden, descripcion: text, resultado: null, nota: null }] });
    setNewItem('');
  };
  const addLabour = () =>
    set({
      mano_obra: [
        ...d.mano_obra,
        { usuario_id: session?.user.id ?? null, nombre: session?.user.fullName ?? '', fecha: limaDate(), horas: 1 },
      ],
    });
  const addPart = () => {
    if (!chosen || !(Number(part.cantidad) > 0)) return;
    const line: RepuestoLine = {
      insumo_id: chosen.id,
      cantidad: Number(part.cantidad),
      insumo_maq_id: part.wear && wearPart ? wearPart.insumo_maq_id : null,
      observacion: null,
      insumo_codigo: chosen.insumo_codigo,
      insumo_name: chosen.insumo_name,
      unimed: chosen.unimed,
    };
    set({ repuestos: [...d.repuestos, line] });
    setPart({ insumo_id: 0, cantidad: '', wear: false });
  };
  const pickPhotos = async (list: FileList | null) => {
    const added: AttachmentInput[] = [];
    for (const file of Array.from(list ?? [])) {
      try {
        const blob = await preparePhoto(file);
        added.push({ name: blob.name || file.name, blob });
      } catch {
        toast.error(LABELS.fallas.photoUnreadable(file.name));
      }
    }
    setPhotos((p) => [...p, ...added]);
  };

  return (
    <div className="flex flex-col gap-3">
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="text-lg font-semibold">{meta.codigo ? L.view(meta.codigo) : L.create}</h1>
        <OrdenEstadoBadge value={d.estado} />
        <Badge variant="secondary">{d.tipo ?? (d.origen === 'PLAN' ? 'PREVENTIVA' : 'CORRECTIVA')}</Badge>
        <Badge variant="secondary">{d.prioridad}</Badge>
        <span className="text-sm text-muted-foreground">
          {meta.placa} · {meta.maquinaria}
        </span>
      </header>
      <p className="text-sm">{d.descripcion}</p>
      {error && (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}

      <Section title={L.checklist}>
        <ul className="flex flex-col gap-2">
          {d.checklist.map((c) => (
            <li key={c.orden} className="flex flex-col gap-2 border-b border-slate-100 pb-2 last:border-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 flex-1 font-medium">
                  {c.orden}. {c.descripcion}
                </span>
                <div role="group" aria-label={c.descripcion} className="flex gap-1">
                  {CHECK_RESULTADOS.map((r) => (
                    <Button
                      key={r}
                      type="button"
                      aria-pressed={c.resultado === r}
                      disabled={readOnly}
                      variant={c.resultado === r ? 'default' : 'outline'}
                      className={cn(
                        'min-h-11 min-w-24',
                        c.resultado === r && r === 'OK' && 'bg-emerald-600 hover:bg-emerald-700',
                        c.resultado === r && r === 'OBSERVADO' && 'bg-amber-600 hover:bg-amber-700',
                      )}
                      onClick={() => setResult(c.orden, r)}
                    >
                      {r}
                    </Button>
                  ))}
                </div>
              </div>
              <Input
                aria-label={`${L.checklistNote} ${c.orden}`}
                placeholder={L.checklistNote}
                value={c.nota ?? ''}
                disabled={readOnly}
                onChange={(e) =>
                  set({ checklist: d.checklist.map((x) => (x.orden === c.orden ? { ...x, nota: e.target.value || null } : x)) })
                }
              />
              {c.resultado === 'OBSERVADO' &&
                (c.falla_id ? (
                  <span className="text-sm text-amber-800">{L.failureOpened(c.falla_id)}</span>
                ) : (
                  <label className="flex min-h-11 items-center gap-2 text-sm">
                    <Checkbox
                      checked={c.abrir_falla === true}
                      disabled={readOnly}
                      onCheckedChange={(v) =>
                        set({ checklist: d.checklist.map((x) => (x.orden === c.orden ? { ...x, abrir_falla: v === true } : x)) })
                      }
                    />
                    {L.openFailure}
                  </label>
                ))}
            </li>
          ))}
        </ul>
        {!readOnly && (
          <div className="mt-2 flex gap-2">
            <Input aria-label={L.checklistNew} placeholder={L.checklistNew} value={newItem} onChange={(e) => setNewItem(e.target.value)} />
            <Button type="button" variant="outline" className="min-h-11" onClick={addItem}>
              <Plus aria-hidden="true" /> {L.checklistNew}
            </Button>
          </div>
        )}
      </Section>

      <Section
        title={L.labour}
        actions={
          !readOnly && (
            <Button type="button" variant="outline" className="min-h-11" onClick={addLabour}>
              <Plus aria-hidden="true" /> {L.addLabour}
            </Button>
          )
        }
      >
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left">
              <th>{L.person}</th>
              <th className="w-36">{L.date}</th>
              <th className="w-24">{L.hours}</th>
              <th className="w-12" />
            </tr>
          </thead>
          <tbody>
            {d.mano_obra.map((l, i) => (
              <tr key={i}>
                <td>
                  <select
                    aria-label={`${L.person} ${i + 1}`}
                    className="h-11 w-full rounded-md border border-slate-300 bg-white px-2"
                    value={l.usuario_id ?? ''}
                    disabled={readOnly}
                    onChange={(e) => {
                      const t = tecnicoOptions.find((o) => o.value === Number(e.target.value));
                      set({
                        mano_obra: d.mano_obra.map((x, j) =>
                          j === i ? { ...x, usuario_id: t?.value ?? null, nombre: t?.label ?? x.nombre } : x,
                        ),
                      });
                    }}
                  >
                    {l.usuario_id === null && <option value="">{l.nombre}</option>}
                    {tecnicoOptions.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <DateInput
                    aria-label={`${L.date} ${i + 1}`}
                    value={l.fecha}
                    disabled={readOnly}
                    onValueChange={(v) => v && set({ mano_obra: d.mano_obra.map((x, j) => (j === i ? { ...x, fecha: v } : x)) })}
                  />
                </td>
                <td>
                  <NumericInput
                    aria-label={`${L.hours} ${i + 1}`}
                    value={String(l.horas)}
                    disabled={readOnly}
                    onValueChange={(v) =>
                      set({ mano_obra: d.mano_obra.map((x, j) => (j === i ? { ...x, horas: Math.min(24, Number(v) || 0) } : x)) })
                    }
                  />
                </td>
                <td>
                  {!readOnly && (
                    <IconButton aria-label={LABELS.remove} onClick={() => set({ mano_obra: d.mano_obra.filter((_, j) => j !== i) })}>
                      <Trash2 aria-hidden="true" />
                    </IconButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title={L.parts}>
        <ul className="flex flex-col gap-1 text-sm">
          {d.repuestos.map((r, i) => (
            <li key={i} className="flex items-center gap-2 border-b border-slate-100 py-1 last:border-0">
              <span className="min-w-0 flex-1">
                {r.insumo_codigo} - {r.insumo_name}
                {r.insumo_maq_id ? <Badge className="ml-2">{L.wearPart}</Badge> : null}
              </span>
              <span className="tabular-nums">
                {r.cantidad} {r.unimed}
              </span>
              {!readOnly && (
                <IconButton
                  aria-label={`${LABELS.remove} ${r.insumo_codigo}`}
                  onClick={() => set({ repuestos: d.repuestos.filter((_, j) => j !== i) })}
                >
                  <Trash2 aria-hidden="true" />
                </IconButton>
              )}
            </li>
          ))}
        </ul>
        {/* the parts leave the warehouse dated the order's start (today if not started): warn of a closed month */}
        {!readOnly && d.repuestos.length > 0 && <MesCerradoNotice fecha={limaDate(d.inicio ? new Date(d.inicio) : new Date())} />}
        {!readOnly && (
          <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_8rem_auto]">
            <SearchableSelect
              aria-label={L.supply}
              options={insumoOptions}
              value={part.insumo_id || null}
              onChange={(v) => setPart({ insumo_id: v, cantidad: part.cantidad, wear: false })}
              emptyText={LABELS.noRecords}
              placeholder={L.supply}
            />
            <NumericInput
              aria-label={L.quantity}
              placeholder={L.quantity}
              value={part.cantidad}
              onValueChange={(v) => setPart({ ...part, cantidad: v })}
            />
            <Button
              type="button"
              variant="outline"
              className="min-h-11"
              onClick={addPart}
              disabled={!chosen || !(Number(part.cantidad) > 0)}
            >
              <Plus aria-hidden="true" /> {L.addPart}
            </Button>
            {wearPart && (
              <label className="flex min-h-11 items-center gap-2 text-sm sm:col-span-3">
                <Checkbox checked={part.wear} onCheckedChange={(v) => setPart({ ...part, wear: v === true })} />
                {L.wearPart}
              </label>
            )}
          </div>
        )}
      </Section>

      <Section title={L.reading(meterWord(meta.horometro))}>
        <div className="flex items-center gap-2">
          <NumericInput
            aria-label={L.reading(meterWord(meta.horometro))}
            className="max-w-48"
            value={lectura}
            disabled={readOnly}
            decimals={1}
            onValueChange={setLectura}
          />
          <span className="text-sm">{unit}</span>
        </div>
        <Label htmlFor="ot-notas" className="mt-3">
          {L.notes}
        </Label>
        <Textarea
          id="ot-notas"
          rows={3}
          value={d.notas ?? ''}
          disabled={readOnly}
          onChange={(e) => set({ notas: e.target.value || null })}
        />
      </Section>

      <Section title={L.photos}>
        <p className="text-sm text-muted-foreground">
          {LABELS.fallas.photosCount(savedPhotos + waiting + photos.length, FOTOS_PER_ORDEN)}
          {photos.length > 0 && ` · ${photos.map((p) => p.name).join(', ')}`}
        </p>
        {!readOnly && (
          <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 text-sm">
            <Camera aria-hidden="true" className="size-4" />
            {LABELS.fallas.takePhoto}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              aria-label={LABELS.fallas.takePhoto}
              onChange={(e) => void pickPhotos(e.target.files).then(() => (e.target.value = ''))}
            />
          </label>
        )}
      </Section>

      {canExecute && !done && (
        <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white/95 py-2">
          {busy && <Spinner />}
          {canAnnul && (
            <Button type="button" variant="outline" className="min-h-11" disabled={busy} onClick={() => setConfirm('annul')}>
              {L.annul}
            </Button>
          )}
          {d.estado === 'EN CURSO' && (
            <Button
              type="button"
              variant="outline"
              className="min-h-11"
              disabled={busy}
              onClick={() => void send('EN ESPERA DE REPUESTOS')}
            >
              {L.waitParts}
            </Button>
          )}
          {d.estado === 'EN ESPERA DE REPUESTOS' && (
            <Button type="button" variant="outline" className="min-h-11" disabled={busy} onClick={() => void send('EN CURSO')}>
              {L.resume}
            </Button>
          )}
          <Button type="button" variant="secondary" className="min-h-11" disabled={busy} onClick={() => void send(d.estado)}>
            {L.save}
          </Button>
          {d.estado === 'ABIERTA' ? (
            <Button type="button" className="min-h-11" disabled={busy} onClick={() => void send('EN CURSO')}>
              {L.startOrder}
            </Button>
          ) : (
            <Button type="button" className="min-h-11" disabled={busy} onClick={() => setConfirm('close')}>
              {L.close}
            </Button>
          )}
        </div>
      )}
      <ConfirmDelete
        open={confirm === 'close'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={L.close}
        confirmLabel={L.close}
        message={L.closeConfirm(meta.codigo || meta.placa)}
        onConfirm={() => send('CERRADA')}
      />
      {confirm === 'annul' && (
        <AnnulDialog codigo={meta.codigo || meta.placa} onClose={() => setConfirm(null)} onAnnul={(m) => send('ANULADA', m)} />
      )}
    </div>
  );
}

/**
 * An outside repair (Reparaciones) of the machine attached to a saved order: online only (the repairs live on the
 * server); the choice is saved at once through the write path.
 */
function RepairSection({ uid, maquinariaId, attached }: { uid: string; maquinariaId: number; attached: number | null }) {
  const canExecute = useHasRole(ROLE.ordenEjecutar);
  const [value, setValue] = useState<number>(attached ?? 0);
  const [busy, setBusy] = useState(false);
  // The machine's repairs of the widest range the list answers, up to today.
  const ffin = limaDate();
  const body = { maquinaria_id: maquinariaId, fini: rangeFirstDay(ffin, RANGE_MONTHS.reparaciones), ffin };
  const repairs = useQuery({
    queryKey: ['reparaciones', 'list', body],
    queryFn: ({ signal }) => call(reparacionesApi.list, { body, signal }),
    retry: false,
  });
  const options = (repairs.data ?? []).map((r) => ({
    value: r.reparacion_id,
    label: `${r.fecha} · ${r.nro_orden ? `OS ${r.nro_orden}-${r.anio} · ` : ''}${r.descripcion}`,
  }));
  if (!repairs.data?.length) return null;
  return (
    <Section title={L.repair}>
      <div className="flex flex-wrap items-end gap-2">
        <select
          aria-label={L.repair}
          className="h-11 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm"
          value={value}
          disabled={!canExecute || busy}
          onChange={(e) => setValue(Number(e.target.value))}
        >
          <option value={0}>—</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {canExecute && (
          <Button
            type="button"
            variant="outline"
            className="min-h-11"
            disabled={busy || value === (attached ?? 0)}
            onClick={() => {
              setBusy(true);
              call(ordenestrabajoApi.reparacion, { params: { uid }, body: { reparacion_id: value || null } })
                .then(() => toast.success(MSG.saved))
                .catch((e: unknown) => toast.error(saveErrorMessage(e)))
                .finally(() => setBusy(false));
            }}
          >
            {L.attachRepair}
          </Button>
        )}
      </div>
    </Section>
  );
}

function AnnulDialog({ codigo, onClose, onAnnul }: { codigo: string; onClose: () => void; onAnnul: (motivo: string) => Promise<void> }) {
  const [motivo, setMotivo] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={L.annul}
      width="sm"
      footer={
        <>
          <Button variant="outline" className="min-h-11" disabled={busy} onClick={onClose}>
            {MSG.cancel}
          </Button>
          <Button
            variant="destructive"
            className="min-h-11"
            disabled={busy || motivo.trim() === ''}
            onClick={() => {
              setBusy(true);
              void onAnnul(motivo.trim()).finally(onClose);
            }}
          >
            {L.annul}
          </Button>
        </>
      }
    >
      <p className="mb-2 text-sm">{L.annulConfirm(codigo)}</p>
      <Label htmlFor="ot-motivo" required>
        {L.annulReason}
      </Label>
      <Textarea id="ot-motivo" rows={3} value={motivo} onChange={(e) => setMotivo(e.target.value)} />
    </Modal>
  );
}

/**
 * The route '/ordentrabajo/$uid': the newest save of the order still queued on this device (an order created or
 * saved offline), else the saved order (the device copy offline). The queue is read once from the database before
 * choosing, so a later save still queued is never hidden behind an older copy of the detail.
 */
export default function OrdenEjecucionPage() {
  const { uid = '' } = useParams({ strict: false }) as { uid?: string };
  const navigate = useNavigate();
  const engine = useSyncEngine();
  const userId = useSession()?.user.id;
  const [queue, setQueue] = useState<OutboxItem[] | null>(null);
  useEffect(() => {
    void engine.db.outbox.toArray().then((items) => setQueue(items.filter((i) => i.userId === userId)));
  }, [engine, userId]);
  const mine = useMemo(() => (queue ? ordenestrabajoOffline.pending(queue).filter((p) => p.body.uid === uid) : []), [queue, uid]);
  // An order whose create is still queued is unknown to the server: nothing to fetch.
  const onlyHere = mine.some((p) => !p.body.saved);
  const detail = useOrden(uid, uid !== '' && queue !== null && !onlyHere);
  const save = useSaveOrden();
  const [opened, setOpened] = useState<{ initial: OrdenSave; meta: OrdenMeta; itemId?: string } | null>(null);
  useEffect(() => {
    if (opened || queue === null) return;
    const queued = latestPending(mine, uid);
    const d = detail.data;
    const meta: OrdenMeta | null = d
      ? { placa: d.placa, maquinaria: d.maquinaria, horometro: d.horometro, codigo: d.codigo, asignados_text: d.asignados_text }
      : queued
        ? { placa: '', maquinaria: '', horometro: true, codigo: '', asignados_text: '', ...queued.meta }
        : null;
    if (queued && meta && (d || onlyHere || detail.isError))
      setOpened({ initial: queuedStart(queued.body, queued.meta), meta, itemId: queued.item.id });
    else if (!queued && d && meta) setOpened({ initial: saveOfDetail(d), meta });
  }, [opened, queue, mine, uid, detail.data, detail.isError, onlyHere]);
  const back = () => void navigate({ to: '/ordentrabajo' });

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-3 p-3">
      <div className="flex justify-between gap-2">
        <Button variant="outline" className="min-h-11" onClick={back}>
          {L.back}
        </Button>
        {detail.data && (
          <Button
            variant="outline"
            className="min-h-11"
            onClick={() =>
              void openApiPdf(pathOf(ordenestrabajoApi.pdf, { params: { uid } }), `${L.fileName}-${detail.data.codigo}`).catch(
                (e: unknown) => toast.error(saveErrorMessage(e)),
              )
            }
          >
            <FileText aria-hidden="true" /> {L.pdf}
          </Button>
        )}
      </div>
      {opened ? (
        <>
          <OrdenEjecucion
            key={uid}
            initial={opened.initial}
            meta={opened.meta}
            savedPhotos={detail.data?.fotos.length ?? 0}
            queuedItemId={opened.itemId}
            onSave={(body, files) => save(body, opened.meta, files)}
          />
          {detail.data && (
            <RepairSection
              uid={uid}
              maquinariaId={detail.data.maquinaria_id}
              attached={detail.data.reparaciones[0]?.reparacion_id ?? null}
            />
          )}
        </>
      ) : detail.isError && !onlyHere && mine.length === 0 ? (
        <p role="alert">{L.notOnDevice}</p>
      ) : (
        <Spinner />
      )}
    </div>
  );
}

/** 'Abrir y corregir' of a refused save: the same form over the refused body, resent in place of the item. */
export function OrdenFixDialog({ fix, onClose }: { fix: TypedFix<OrdenSave>; onClose: () => void }) {
  const kept = useOutboxFiles(fix.item.id);
  const meta = { placa: '', maquinaria: '', horometro: true, codigo: '', asignados_text: '', ...(fix.item.meta as Partial<OrdenMeta>) };
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={LABELS.almacen.fix} width="xl">
      <OrdenEjecucion
        // A refused close or annulment did not happen: the order opens in progress, to be corrected and closed again.
        initial={TERMINADA.includes(fix.body.estado) ? { ...fix.body, estado: 'EN CURSO', fin: null } : fix.body}
        meta={meta}
        refused={fix.item.lastError ?? ''}
        savedPhotos={0}
        queuedItemId={fix.item.id}
        // New photos join the ones the refused save keeps (a set passed replaces them).
        onSave={(body, files) =>
          fix.resend(body, files.length ? [...kept.map((f) => ({ name: f.name, blob: f.blob })), ...files] : undefined)
        }
        onDone={onClose}
      />
    </Modal>
  );
}
