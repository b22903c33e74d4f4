// The count screen of one sheet (route '/inventario/$id'), tablet first: the sheet's date, state, progress and the
// value of its differences; a search by code or name and a filter (all, not counted, with a difference); one card per
// supply with a big numeric field for the counted quantity, the difference against the system quantity (sobrante /
// faltante, with its estimated value) and, when it differs, the reason. 'Grabar avance' (80) saves what changed, as
// often as the clerk likes; 'Aprobar ajustes' (81) saves first, then asks with the number and value of the surpluses
// and shortages and books them; 'Anular' (80) discards a draft. An approved or annulled sheet is read only.
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { FileDown, FileText, Search } from 'lucide-react';
import { ROLE } from '@shared/auth/permissions';
import type { ConteoLinea } from '@shared/contract/inventarios';
import { fromCents, toCents } from '@shared/domain/money';
import { normalizeSearch } from '@shared/domain/stock';
import { LABELS, MSG } from '@shared/messages';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { saveErrorMessage } from '@client/components/form-gate';
import { DiscardChanges } from '@client/components/form-modal';
import { Modal } from '@client/components/modal';
import { ModalActions } from '@client/components/modal-actions';
import { NumericInput } from '@client/components/numeric-input';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/cn';
import { formatDate, formatMoney } from '@client/lib/format';
import { useHasRole } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import {
  openInventarioPdf,
  useAnularInventario,
  useAprobarInventario,
  useInventario,
  useSaveConteo,
  type InventarioDetail,
  type InventarioLinea,
} from './api';
import { InventarioEstadoBadge } from './columns';

const L = LABELS.inventarios;
/** Most cards drawn at once: a sheet of every supply is searched, not scrolled through. */
const MAX_CARDS = 200;
type Show = 'todos' | 'pendientes' | 'diferencias';

interface Edit {
  cantidad: string;
  motivo: string;
}

/** The line as the screen holds it: the saved values with the edits over them. */
interface Current {
  line: InventarioLinea;
  cantidad: string;
  motivo: string;
  /** Counted less system in cents; null while not counted. */
  dif: number | null;
  /** Estimated value of the difference in cents (the booked one once approved). */
  importe: number;
}

const savedText = (l: InventarioLinea) => (l.cantidad_contada === null ? '' : String(l.cantidad_contada));

function currentOf(l: InventarioLinea, e: Edit | undefined, approved: boolean): Current {
  const cantidad = e?.cantidad ?? savedText(l);
  const motivo = e?.motivo ?? l.motivo ?? '';
  const dif = cantidad.trim() === '' ? null : toCents(Number(cantidad)) - toCents(l.stock_sistema);
  const importe = approved ? toCents(l.importe) : dif === null ? 0 : Math.round(dif * l.costo_unitario);
  return { line: l, cantidad, motivo, dif, importe };
}

function DiffBadge({ c }: { c: Current }) {
  if (c.dif === null) return <Badge variant="secondary">{L.notCounted}</Badge>;
  if (c.dif === 0) return <Badge variant="success">{L.noDifference}</Badge>;
  const word = c.dif > 0 ? L.surplus : L.shortage;
  return (
    <Badge variant={c.dif > 0 ? 'info' : 'danger'}>
      {`${word} ${c.dif > 0 ? '+' : ''}${formatMoney(fromCents(c.dif))} · S/ ${formatMoney(fromCents(Math.abs(c.importe)))}`}
    </Badge>
  );
}

function LineCard({ c, editable, onEdit }: { c: Current; editable: boolean; onEdit: (e: Edit) => void }) {
  const l = c.line;
  const base = `inv-${l.inventario_det_id}`;
  const needsReason = c.dif !== null && c.dif !== 0;
  const missingReason = needsReason && c.motivo.trim() === '';
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" aria-label={`${l.insumo_codigo} - ${l.insumo_name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="min-w-0 font-medium break-words">
          <span className="tabular-nums text-slate-500">{l.insumo_codigo}</span> {l.insumo_name}
        </p>
        <p className="text-sm whitespace-nowrap text-slate-600">
          {L.system}: <span className="font-semibold tabular-nums">{formatMoney(l.stock_sistema)}</span> {l.unimed}
        </p>
      </div>
      <div className="mt-2 grid items-end gap-3 sm:grid-cols-[12rem_1fr]">
        <div>
          <Label htmlFor={`${base}-q`}>{`${L.countedQty} (${l.unimed})`}</Label>
          <NumericInput
            id={`${base}-q`}
            inputMode="decimal"
            className="h-14 text-right text-2xl tabular-nums"
            value={c.cantidad}
            disabled={!editable}
            onValueChange={(v) => onEdit({ cantidad: v, motivo: c.motivo })}
          />
        </div>
        <div className="pb-2">
          <DiffBadge c={c} />
        </div>
      </div>
      {needsReason && (
        <div className="mt-2">
          <Label htmlFor={`${base}-m`} required>
            {L.reason}
          </Label>
          <Input
            id={`${base}-m`}
            maxLength={500}
            placeholder={L.reasonPlaceholder}
            value={c.motivo}
            disabled={!editable}
            aria-invalid={missingReason || undefined}
            className={cn(missingReason && 'border-red-500')}
            onChange={(e) => onEdit({ cantidad: c.cantidad, motivo: e.target.value })}
          />
        </div>
      )}
    </li>
  );
}

function Totals({ d, lines }: { d: InventarioDetail; lines: Current[] }) {
  const t = useMemo(() => tally(lines), [lines]);
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-500">{L.date}</dt>
        <dd className="font-medium">{formatDate(d.fecha)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{L.counted}</dt>
        <dd className="font-medium">{L.progress(t.contadas, lines.length)}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{L.surpluses}</dt>
        <dd className="font-medium tabular-nums text-blue-800">{`${t.sobrantes} · S/ ${formatMoney(fromCents(t.valorSobrantes))}`}</dd>
      </div>
      <div>
        <dt className="text-slate-500">{L.shortages}</dt>
        <dd className="font-medium tabular-nums text-red-700">{`${t.faltantes} · S/ ${formatMoney(fromCents(t.valorFaltantes))}`}</dd>
      </div>
    </dl>
  );
}

function tally(lines: Current[]) {
  const t = { contadas: 0, sobrantes: 0, faltantes: 0, valorSobrantes: 0, valorFaltantes: 0 };
  for (const c of lines) {
    if (c.dif === null) continue;
    t.contadas++;
    if (c.dif > 0) {
      t.sobrantes++;
      t.valorSobrantes += Math.abs(c.importe);
    } else if (c.dif < 0) {
      t.faltantes++;
      t.valorFaltantes += Math.abs(c.importe);
    }
  }
  return t;
}

function Conteo({ d }: { d: InventarioDetail }) {
  const navigate = useNavigate();
  const canCount = useHasRole(ROLE.inventarioNuevo);
  const canApprove = useHasRole(ROLE.inventarioAprobar);
  const draft = d.estado === 'BORRADOR';
  const editable = draft && canCount;
  const [edits, setEdits] = useState<Map<number, Edit>>(new Map());
  const [q, setQ] = useState('');
  const [show, setShow] = useState<Show>('todos');
  const [approveOpen, setApproveOpen] = useState(false);
  const [approveError, setApproveError] = useState<string | null>(null);
  const [annulOpen, setAnnulOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const save = useSaveConteo(d.id);
  const aprobar = useAprobarInventario(d.id);
  const anular = useAnularInventario(d.id);

  const lines = useMemo(() => d.detalle.map((l) => currentOf(l, edits.get(l.inventario_det_id), d.estado === 'APROBADO')), [d, edits]);
  const changed = useMemo(() => lines.filter((c) => c.cantidad !== savedText(c.line) || c.motivo !== (c.line.motivo ?? '')), [lines]);
  const shown = useMemo(() => {
    const norm = normalizeSearch(q);
    return lines.filter(
      (c) =>
        (show === 'todos' || (show === 'pendientes' ? c.dif === null : c.dif !== null && c.dif !== 0)) &&
        (!norm || normalizeSearch(`${c.line.insumo_codigo} ${c.line.insumo_name}`).includes(norm)),
    );
  }, [lines, q, show]);
  const t = useMemo(() => tally(lines), [lines]);

  const edit = (id: number) => (e: Edit) => setEdits((m) => new Map(m).set(id, e));
  const saveChanges = async () => {
    if (changed.length === 0) return;
    const body: ConteoLinea[] = changed.map((c) => ({
      inventario_det_id: c.line.inventario_det_id,
      cantidad_contada: c.cantidad.trim() === '' ? null : Number(c.cantidad),
      motivo: c.motivo.trim() === '' ? null : c.motivo.trim(),
    }));
    await save.mutateAsync({ lineas: body });
    setEdits(new Map());
  };
  const onSave = () =>
    void saveChanges().then(
      () => toast.success(MSG.inventarioSaved),
      (e: unknown) => toast.error(saveErrorMessage(e)),
    );
  const onApprove = async () => {
    setApproveError(null);
    try {
      await saveChanges();
      const res = await aprobar.mutateAsync();
      toast.success(MSG.inventarioApproved(res.sobrantes + res.faltantes));
      setApproveOpen(false);
    } catch (e) {
      setApproveError(saveErrorMessage(e));
    }
  };
  const pdf = (lleno: boolean) => openInventarioPdf(d.id, lleno).catch((e: unknown) => toast.error(saveErrorMessage(e)));
  const busy = save.isPending || aprobar.isPending;
  const back = () => void navigate({ to: '/inventario' });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="outline" className="min-h-11" onClick={() => (changed.length > 0 ? setLeaving(true) : back())}>
          {L.back}
        </Button>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="min-h-11" onClick={() => void pdf(false)}>
            <FileText aria-hidden="true" /> {L.blankPdf}
          </Button>
          <Button variant="outline" className="min-h-11" onClick={() => void pdf(true)}>
            <FileDown aria-hidden="true" /> {L.filledPdf}
          </Button>
        </div>
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" aria-label={L.sheetTitle(d.id)}>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-lg font-semibold">{L.sheetTitle(d.id)}</h1>
          <InventarioEstadoBadge value={d.estado} />
        </div>
        <p className="mb-2 text-sm break-words text-slate-700">{d.descripcion}</p>
        <Totals d={d} lines={lines} />
        {!draft && <p className="mt-2 text-sm text-slate-600">{L.readOnly(d.estado)}</p>}
        {d.aprobado_por && <p className="text-sm text-slate-600">{`${L.approvedBy}: ${d.aprobado_por}`}</p>}
      </section>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-64">
          <Label htmlFor="inv-buscar">{L.filter}</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
            <Input id="inv-buscar" type="search" className="pl-8" value={q} onChange={(e) => setQ(e.target.value)} />
          </div>
        </div>
        <div role="group" aria-label={L.show} className="flex gap-1">
          {(
            [
              ['todos', L.showAll],
              ['pendientes', L.showPending],
              ['diferencias', L.showDiff],
            ] as const
          ).map(([v, label]) => (
            <Button
              key={v}
              variant={show === v ? 'default' : 'outline'}
              className="min-h-11"
              aria-pressed={show === v}
              onClick={() => setShow(v)}
            >
              {label}
            </Button>
          ))}
        </div>
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">{L.noLines}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={L.lines}>
          {shown.slice(0, MAX_CARDS).map((c) => (
            <LineCard key={c.line.inventario_det_id} c={c} editable={editable} onEdit={edit(c.line.inventario_det_id)} />
          ))}
        </ul>
      )}
      {shown.length > MAX_CARDS && <p className="text-sm text-slate-600">{L.moreLines(MAX_CARDS, shown.length)}</p>}
      {draft && (canCount || canApprove) && (
        <div className="sticky bottom-0 z-20 -mx-3 border-t border-slate-200 bg-white/95 p-2 shadow-lg">
          <div className="flex flex-wrap items-center justify-end gap-2">
            <span className="mr-auto text-sm text-slate-600" aria-live="polite">
              {changed.length > 0 ? L.unsaved(changed.length) : L.progress(t.contadas, lines.length)}
            </span>
            {canCount && (
              <Button variant="outline" className="min-h-11" disabled={busy} onClick={() => setAnnulOpen(true)}>
                {L.annul}
              </Button>
            )}
            {canCount && (
              <Button className="min-h-11" disabled={busy || changed.length === 0} onClick={onSave}>
                {L.saveProgress}
              </Button>
            )}
            {canApprove && (
              <Button className="min-h-11" disabled={busy} onClick={() => (setApproveError(null), setApproveOpen(true))}>
                {L.approve}
              </Button>
            )}
          </div>
        </div>
      )}
      <Modal
        open={approveOpen}
        onOpenChange={(o) => !busy && setApproveOpen(o)}
        title={L.approveTitle}
        width="md"
        closeDisabled={busy}
        footer={
          <ModalActions busy={busy} onCancel={() => setApproveOpen(false)} confirmLabel={L.approve} onConfirm={() => void onApprove()} />
        }
      >
        <div className="flex flex-col gap-2 text-sm text-slate-700">
          <p>{L.approveSummary(t.sobrantes, t.faltantes)}</p>
          <p className="font-medium">
            {L.approveValues(formatMoney(fromCents(t.valorSobrantes)), formatMoney(fromCents(t.valorFaltantes)))}
          </p>
          {lines.length > t.contadas && <p>{L.approveUncounted(lines.length - t.contadas)}</p>}
          {changed.length > 0 && <p>{L.approveUnsaved}</p>}
          <p>{L.approveConfirm}</p>
          {approveError && (
            <p role="alert" className="rounded border border-red-200 bg-red-50 p-2 text-red-800">
              {approveError}
            </p>
          )}
        </div>
      </Modal>
      <DiscardChanges open={leaving} onKeep={() => setLeaving(false)} onDiscard={back} />
      <ConfirmDelete
        open={annulOpen}
        onOpenChange={setAnnulOpen}
        title={L.annul}
        confirmLabel={L.annul}
        message={L.annulConfirm}
        onConfirm={() =>
          anular.mutateAsync().then(
            () => {
              toast.success(MSG.inventarioAnnulled);
              back();
            },
            (e: unknown) => {
              toast.error(saveErrorMessage(e));
              throw e;
            },
          )
        }
      />
    </div>
  );
}

export default function InventarioConteoPage() {
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const n = Number(id);
  const detail = useInventario(Number.isInteger(n) ? n : 0);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-3 p-3">
      {detail.data ? (
        <Conteo key={detail.data.id} d={detail.data} />
      ) : detail.isError ? (
        <p role="alert">{saveErrorMessage(detail.error)}</p>
      ) : (
        <Spinner />
      )}
    </div>
  );
}
