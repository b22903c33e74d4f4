// Failure modal: machine, status (disabled: only repairs change it), short and detailed
// description, plus the photos (up to 5). The save goes through the offline outbox with the new photos as the
// item's attachments: online the usual result, offline 'Guardado en el dispositivo…'. A refused save shows the
// server's reason in the modal and marks the fields it names; a disabled Grabar says which field to check; closing
// with changes (fields or photos) asks first. 'Abrir y corregir' opens it with a rejected item's body and photos
// and resends the copy.
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ROLE } from '@shared/auth/permissions';
import { fallaBody } from '@shared/contract/fallas';
import { LABELS, MSG } from '@shared/messages';
import { ConfirmDelete } from '@client/components/confirm-delete';
import { deleteErrorMessage } from '@client/components/delete-flow';
import { FormModal } from '@client/components/form-modal';
import { contractResolver, useFormGate } from '@client/components/form-gate';
import { fieldErrorsOf } from '@client/components/save-refusal';
import { FORM_VALIDATION, SelectField, TextField } from '@client/components/form-field';
import { Checkbox } from '@client/components/ui/checkbox';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { FieldError } from '@client/components/ui/input';
import { useHasRole } from '@client/lib/session';
import { toast } from '@client/lib/toast';
import { useOutboxFiles, type TypedFix } from '@client/offline';
import { CATALOG, useCatalog } from '@client/components/catalogs';
import { maquinariaOptions } from '@client/components/maquinaria-options';
import { fallaForm, useDeleteFoto, useFotos, type FallaForm, type FallaRow } from './api';
import { useSaveFalla } from './offline';
import { PhotoPicker, type LocalPhoto } from './photo-picker';

const F = LABELS.fallas;
const A = LABELS.almacen;

/** The modal's fields, validated by the contract's own rules. */
const schema = fallaBody.pick({ maquinaria_id: true, descripcion: true, detalle: true, maquina_detenida: true });

/** Field labels by body path, for 'Para grabar, revise …'. */
const FIELDS: Record<string, string> = {
  maquinaria_id: A.machine,
  descripcion: F.shortDescription,
  detalle: F.detailedDescription,
};

interface Values {
  maquinaria_id: number;
  descripcion: string;
  detalle: string | null;
  maquina_detenida: boolean;
}

export interface FallaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The failure to edit (code 33); null reports a new one. Ignored when `fix` is given. */
  row: FallaRow | null;
  /** 'Abrir y corregir': the rejected outbox item and the call that sends the corrected copy. */
  fix?: TypedFix<FallaForm> | null;
}

export function FallaDialog({ open, onOpenChange, row, fix }: FallaDialogProps) {
  if (!open) return null;
  return (
    <FallaEditor
      key={fix?.item.id ?? `e${row?.falla_id ?? 'new'}`}
      row={fix ? null : row}
      fix={fix ?? null}
      onClose={() => onOpenChange(false)}
    />
  );
}

const STATE_OPTIONS = LABELS.failureState.map((label, value) => ({ value, label }));

function FallaEditor({ row, fix, onClose }: { row: FallaRow | null; fix: TypedFix<FallaForm> | null; onClose: () => void }) {
  const save = useSaveFalla();
  const maquinarias = useCatalog(CATALOG.maquinarias);
  const options = useMemo(() => maquinariaOptions(maquinarias.data), [maquinarias.data]);
  const fixBody = fix?.body ?? null;
  const fallaId = fixBody ? fixBody.falla_id : (row?.falla_id ?? null);
  const start = fixBody ?? row;
  const { register, control, handleSubmit, setError, formState, watch } = useForm<Values>({
    resolver: contractResolver<Values>(schema),
    defaultValues: {
      maquinaria_id: start?.maquinaria_id ?? 0,
      descripcion: start?.descripcion ?? '',
      detalle: start?.detalle ?? '',
      maquina_detenida: start?.maquina_detenida ?? false,
    },
    ...FORM_VALIDATION,
  });

  // Saved photos of an edited failure; a photo deleted here is gone from the server at once (asked first).
  const canDeletePhotos = useHasRole(ROLE.fallaEditar);
  const fotos = useFotos(fallaId, fallaId !== null);
  const saved = useMemo(() => (fotos.data ?? []).map((f) => f.id), [fotos.data]);
  const deleteFoto = useDeleteFoto();
  const [deleting, setDeleting] = useState<number | null>(null);

  // New photos; a correction starts with the ones the rejected item kept on the device.
  const [photos, setPhotos] = useState<LocalPhoto[]>([]);
  const [touched, setTouched] = useState(false);
  const kept = useOutboxFiles(fix?.item.id);
  useEffect(() => {
    if (!touched && kept.length) setPhotos(kept.map((f) => ({ key: f.id, name: f.name, blob: f.blob })));
  }, [kept, touched]);

  const [busy, setBusy] = useState(false);
  const dirty = formState.isDirty || touched;
  const gate = useFormGate({ schema, values: watch(), labels: FIELDS, worked: formState });

  const submit = async (values: Values) => {
    const form: FallaForm = { ...fallaForm(values, fallaId), ...(fixBody?.created_at ? { created_at: fixBody.created_at } : {}) };
    const m = maquinarias.data?.find((x) => x.id === values.maquinaria_id);
    const files = photos.map((p) => ({ name: p.name, blob: p.blob }));
    setBusy(true);
    try {
      const res = fix
        ? await fix.resend(form, touched || kept.length !== photos.length ? files : undefined)
        : await save(form, { placa: m?.placa ?? '', maquinaria: m?.descripcion ?? '', nro_fotos: saved.length + files.length }, files);
      if (res.queued) toast.info(MSG.savedOffline);
      else toast.success(MSG.saved);
      onClose();
    } catch (err) {
      for (const [name, message] of fieldErrorsOf(err)) {
        if (name === 'maquinaria_id' || name === 'descripcion' || name === 'detalle') setError(name, { message });
      }
      throw err; // the modal shows the server's reason
    } finally {
      setBusy(false);
    }
  };

  const title = fix ? F.fix : fallaId !== null ? F.edit : F.create;
  const err = formState.errors;
  return (
    <FormModal
      title={title}
      width="lg"
      busy={busy}
      valid={gate.valid}
      invalidReason={gate.reason}
      dirty={dirty}
      onClose={onClose}
      onSubmit={() => handleSubmit(submit)()}
      className="grid gap-3 md:grid-cols-3"
      outside={
        <ConfirmDelete
          open={deleting !== null}
          onOpenChange={(o) => !o && setDeleting(null)}
          message={F.deletePhotoConfirm}
          title={F.deletePhoto}
          onConfirm={async () => {
            if (deleting === null) return;
            try {
              await deleteFoto.mutateAsync(deleting);
              toast.info(MSG.deleted);
            } catch (e) {
              toast.error(deleteErrorMessage(e));
              throw e;
            }
          }}
        />
      }
    >
      <SelectField
        label={A.machine}
        required
        className="md:col-span-2"
        options={[{ value: 0, label: A.selectMachine }, ...options]}
        error={gate.errorAt('maquinaria_id', err.maquinaria_id?.message)}
        {...register('maquinaria_id', { valueAsNumber: true })}
      />
      <SelectField label={A.state} options={STATE_OPTIONS} value={row?.estado ?? 0} disabled onChange={() => undefined} />
      <TextField
        label={F.shortDescription}
        required
        className="md:col-span-3"
        maxLength={250}
        error={gate.errorAt('descripcion', err.descripcion?.message)}
        {...register('descripcion')}
      />
      <Controller
        control={control}
        name="detalle"
        render={({ field }) => (
          <div className="md:col-span-3">
            <Label htmlFor="falla-detalle">{F.detailedDescription}</Label>
            <Textarea
              id="falla-detalle"
              rows={4}
              maxLength={4000}
              aria-invalid={gate.errorAt('detalle', err.detalle?.message) ? true : undefined}
              name={field.name}
              ref={field.ref}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
            <FieldError message={gate.errorAt('detalle', err.detalle?.message)} />
          </div>
        )}
      />
      <Controller
        control={control}
        name="maquina_detenida"
        render={({ field }) => (
          <div className="flex min-h-11 items-center gap-2 md:col-span-3">
            <Checkbox
              id="falla-detenida"
              checked={field.value}
              onCheckedChange={(v) => field.onChange(v === true)}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={row?.estado === 1}
            />
            <Label htmlFor="falla-detenida">{F.machineStopped}</Label>
            <span className="text-xs text-slate-500">{F.machineStoppedHint}</span>
          </div>
        )}
      />
      <div className="md:col-span-3">
        <PhotoPicker
          saved={saved}
          onDeleteSaved={canDeletePhotos && !fix ? setDeleting : undefined}
          photos={photos}
          onChange={(p) => {
            setTouched(true);
            setPhotos(p);
          }}
          disabled={busy}
        />
      </div>
    </FormModal>
  );
}
