// Entry modal (spec 000 §2, §5, §8). Create: order number + year (server year down to 2022) + 'Buscar' fills the
// items, brands and delivery notes; save disabled while invalid; 422 → 'No puede grabar, orden de compra ya
// registrado'; other failures show nothing. View (code 50): read-only, no save button; only the delivery note can
// change, and that change is saved at once with PUT (the server allows it with code 50).
import { useEffect, useMemo, useState } from 'react';
import { LoaderCircle, Search } from 'lucide-react';
import { LABELS, MSG } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { Button } from '@client/components/ui/button';
import { LoadingBody } from '@client/components/ui/spinner';
import { ApiError, isNoConnection } from '@client/lib/api';
import { isValidYmd } from '@client/lib/format';
import { useSession } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { SelectField, TextField } from '@client/components/form-field';
import { fetchOrden, useCreateIngreso, useIngreso, useUpdateIngresoGuia, type IngresoLine, type OrdenInfo } from './api';
import { IngresoFields } from './ingreso-fields';
import { entryYearOptions } from './year-options';
import { FormModal } from '@client/components/form-modal';

const L = LABELS.ingresos;

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

interface Found {
  info: OrdenInfo;
  lines: IngresoLine[];
  guia: string;
  fecha: string;
}

function linesOf(info: OrdenInfo): IngresoLine[] {
  return info.items.map((i) => ({
    insumo: { insumo_codigo: i.insumo_codigo, insumo_name: i.insumo_name },
    cantidad: i.cantidad,
    unimed: i.unimed,
    marca: null,
  }));
}

function IngresoCreate({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const years = useMemo(() => entryYearOptions(session?.date), [session?.date]);
  const [nro, setNro] = useState('');
  const [anio, setAnio] = useState(years[0]);
  const [found, setFound] = useState<Found | null>(null);
  const [searching, setSearching] = useState(false);
  const [searchError, setSearchError] = useState<string | undefined>();
  const create = useCreateIngreso();

  const search = async () => {
    setSearching(true);
    setSearchError(undefined);
    try {
      const info = await fetchOrden(nro.trim(), anio);
      setFound({ info, lines: linesOf(info), guia: '', fecha: session?.date ?? '' });
    } catch (err) {
      setFound(null);
      // The lookup is not a save: say why nothing was found (404 'No se encontró la orden de compra', 400, no
      // connection).
      if (err instanceof ApiError && (isNoConnection(err) || (err.status >= 400 && err.status < 500 && err.status !== 401)))
        setSearchError(err.message);
    } finally {
      setSearching(false);
    }
  };

  const head = found?.info.items[0];
  const guia = found?.info.guias.find((g) => g.nro_guiaremision === found.guia) ?? null;
  const valid =
    !!found && found.lines.length > 0 && isValidYmd(found.fecha) && (found.info.guias.length === 0 || guia !== null) && nro.trim() !== '';
  const busy = create.isPending;

  const save = async () => {
    if (!found || !valid) return;
    try {
      await create.mutateAsync({
        nro_ordencompra: nro.trim(),
        anio,
        orden_id: head?.orden_id ?? null,
        fecha: found.fecha,
        proveedor: head?.proveedor ?? null,
        fecha_ordencompra: head?.fecha_ordencompra ?? null,
        nro_guiaremision: guia?.nro_guiaremision ?? null,
        fecha_guiaremision: guia?.fecha_guiaremision ?? null,
        guias_remision: found.info.guias,
        ingresos_det: found.lines,
        editorMode: 'crear',
      });
      toast.success(MSG.saved);
      onClose();
    } catch (err) {
      // Spec §8: 422 → the registered-order message; other failures display nothing, except a missing
      // connection (entries are not queued offline; the form keeps the order).
      if (err instanceof ApiError && err.status === 422) toast.error(MSG.orderAlreadyRegistered);
      else if (isNoConnection(err)) toast.error(MSG.saveFailedOffline);
    }
  };

  return (
    <FormModal title={L.create} width="xl" busy={busy} valid={valid} onClose={onClose} onSubmit={() => void save()}>
      {/* Top-aligned, so the order number's error message does not push the year and Buscar down. */}
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          label={L.orderNumber}
          required
          autoFocus
          maxLength={20}
          className="w-48"
          value={nro}
          error={searchError}
          onChange={(e) => setNro(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (nro.trim()) void search();
            }
          }}
        />
        <SelectField
          label={L.year}
          className="w-32"
          value={anio}
          options={years.map((y) => ({ value: y, label: String(y) }))}
          onChange={(e) => setAnio(Number(e.target.value))}
        />
        <div>
          {/* Same box as a field label above a block control, so the button lines up with the inputs. */}
          <span aria-hidden="true" className="mb-1 inline-block text-sm">
            &nbsp;
          </span>
          <Button
            type="button"
            variant="secondary"
            className="flex"
            disabled={!nro.trim() || searching}
            aria-busy={searching}
            onClick={() => void search()}
          >
            {searching ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Search aria-hidden="true" />}
            {L.search}
          </Button>
        </div>
      </div>
      {found && (
        <IngresoFields
          readOnly={false}
          proveedor={head?.proveedor ?? ''}
          fechaOrden={head?.fecha_ordencompra ?? ''}
          guias={found.info.guias}
          guia={found.guia}
          onGuiaChange={(g) => setFound({ ...found, guia: g })}
          fecha={found.fecha}
          onFechaChange={(fecha) => setFound({ ...found, fecha })}
          lines={found.lines}
          brands={found.info.marcas.map((m) => m.cotidet_marca)}
          onBrandChange={(i, marca) =>
            setFound({ ...found, lines: found.lines.map((l, j) => (j === i ? { ...l, marca: marca || null } : l)) })
          }
        />
      )}
    </FormModal>
  );
}

function IngresoView({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useIngreso(id);
  const update = useUpdateIngresoGuia();
  const [guia, setGuia] = useState('');
  const data = detail.data;
  useEffect(() => {
    if (data) setGuia(data.nro_guiaremision ?? '');
  }, [data]);

  const changeGuia = async (nro: string) => {
    if (!data) return;
    const previous = guia;
    setGuia(nro);
    try {
      await update.mutateAsync({ id, guia: data.guias_remision.find((g) => g.nro_guiaremision === nro) ?? null });
      toast.success(MSG.saved);
    } catch (err) {
      setGuia(previous);
      if (err instanceof ApiError && err.status !== 401) toast.error(err.status < 500 && err.message ? err.message : MSG.saveFailed);
    }
  };

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
            guiaDisabled={update.isPending}
            onGuiaChange={(g) => void changeGuia(g)}
            fecha={data.fecha}
            lines={data.ingresos_det}
            brands={[]}
          />
        </div>
      )}
    </Modal>
  );
}
