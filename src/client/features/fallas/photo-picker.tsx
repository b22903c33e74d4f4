// The photos section of the failure modal: take a photo with the camera or choose from the gallery (up to 5 per
// failure, counting the saved ones), each made small on the device first; thumbnails enlarge on click; a new photo
// can be removed before saving, a saved one deleted (code 33, asked first).
import { useRef, useState } from 'react';
import { Camera, Images, LoaderCircle } from 'lucide-react';
import { FOTOS_PER_FALLA } from '@shared/contract/fotos';
import { LABELS } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import { preparePhoto } from '@client/components/photo-resize';
import { PhotoThumbs, type PhotoSource } from './photos';

const F = LABELS.fallas;

/** A photo chosen in the modal, not yet saved. */
export interface LocalPhoto {
  key: string;
  name: string;
  blob: Blob;
}

export interface PhotoPickerProps {
  /** Saved photos (ids), shown first. */
  saved: readonly number[];
  /** Deletes a saved photo (the caller confirms); absent when the user may not. */
  onDeleteSaved?: (id: number) => void;
  photos: readonly LocalPhoto[];
  onChange: (photos: LocalPhoto[]) => void;
  disabled?: boolean;
  /** Makes a picked file ready to keep (injectable for tests). */
  prepare?: (file: File) => Promise<Blob & { name?: string }>;
}

export function PhotoPicker({ saved, onDeleteSaved, photos, onChange, disabled, prepare = preparePhoto }: PhotoPickerProps) {
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const room = FOTOS_PER_FALLA - saved.length - photos.length;

  const add = async (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (picked.length === 0) return;
    if (picked.length > room) toast.info(F.photoLimitReached(FOTOS_PER_FALLA));
    setBusy(true);
    const added: LocalPhoto[] = [];
    try {
      for (const file of picked.slice(0, Math.max(0, room))) {
        try {
          const blob = await prepare(file);
          added.push({ key: crypto.randomUUID(), name: blob.name ?? file.name, blob });
        } catch {
          toast.error(F.photoUnreadable(file.name));
        }
      }
    } finally {
      setBusy(false);
    }
    if (added.length) onChange([...photos, ...added]);
  };

  const sources: PhotoSource[] = [
    ...saved.map((id) => ({ kind: 'server' as const, id })),
    ...photos.map((p) => ({ kind: 'local' as const, key: p.key, blob: p.blob })),
  ];
  const full = room <= 0;
  const pick = (input: HTMLInputElement | null) => {
    if (!input) return;
    input.value = '';
    input.click();
  };

  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium text-slate-700">
        {F.photos}{' '}
        <span className="font-normal text-muted-foreground">({F.photosCount(saved.length + photos.length, FOTOS_PER_FALLA)})</span>
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" disabled={full || busy || disabled} onClick={() => pick(camera.current)}>
          <Camera aria-hidden="true" />
          {F.takePhoto}
        </Button>
        <Button variant="outline" disabled={full || busy || disabled} onClick={() => pick(gallery.current)}>
          <Images aria-hidden="true" />
          {F.choosePhoto}
        </Button>
        {busy && (
          <span role="status" className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
            {F.photoProcessing}
          </span>
        )}
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          className="hidden"
          data-testid="photo-camera"
          onChange={(e) => void add(e.target.files)}
        />
        <input
          ref={gallery}
          type="file"
          accept="image/*"
          multiple
          className="hidden"
          data-testid="photo-gallery"
          onChange={(e) => void add(e.target.files)}
        />
      </div>
      {sources.length > 0 ? (
        <PhotoThumbs
          photos={sources}
          onRemove={(p) => {
            if (p.kind === 'local') onChange(photos.filter((x) => x.key !== p.key));
            else onDeleteSaved?.(p.id);
          }}
          canRemove={(p) => p.kind === 'local' || onDeleteSaved !== undefined}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{F.noPhotos}</p>
      )}
    </fieldset>
  );
}
