// Photos of a failure on screen: thumbnails (a saved photo fetched with the session's token, a photo still on the
// device from its Blob), and the enlarged view with previous / next.
import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, ImageOff, X } from 'lucide-react';
import { LABELS } from '@shared/messages';
import { Modal } from '@client/components/modal';
import { IconButton } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { cn } from '@client/lib/cn';
import { useFotoBlob } from './api';

const F = LABELS.fallas;

/** A photo to show: saved on the server (by id) or still a Blob on the device. */
export type PhotoSource = { kind: 'server'; id: number } | { kind: 'local'; key: string; blob: Blob };

export const photoKey = (p: PhotoSource) => (p.kind === 'server' ? `s${p.id}` : p.key);

/** An object URL for a Blob, revoked when the Blob changes or the component goes. */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    // Anything but a Blob (a record damaged on the device) shows as a photo that cannot load, never a crash.
    if (!(blob instanceof Blob)) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

function usePhotoUrl(p: PhotoSource): { url: string | null; failed: boolean } {
  const server = useFotoBlob(p.kind === 'server' ? p.id : null);
  const url = useObjectUrl(p.kind === 'server' ? server.data : p.blob);
  return { url, failed: p.kind === 'server' && server.isError };
}

function PhotoImage({ photo, alt, className }: { photo: PhotoSource; alt: string; className?: string }) {
  const { url, failed } = usePhotoUrl(photo);
  if (url) return <img src={url} alt={alt} className={className} draggable={false} />;
  return (
    <span className={cn('flex items-center justify-center bg-slate-100 text-slate-400', className)}>
      {failed ? <ImageOff className="size-5" aria-label={F.photosLoadFailed} /> : <Spinner size="sm" />}
    </span>
  );
}

export interface PhotoThumbsProps {
  photos: readonly PhotoSource[];
  /** Thumbnail edge: 'sm' in list rows, 'md' in the modals. */
  size?: 'sm' | 'md';
  /** Shows a remove button on each thumbnail (asks first when the caller wants: it decides). */
  onRemove?: (photo: PhotoSource, index: number) => void;
  removeLabel?: string;
  /** Which photos get the remove button (default: all, when onRemove is given). */
  canRemove?: (photo: PhotoSource) => boolean;
  className?: string;
}

/** A row of thumbnails; a click enlarges the photo. */
export function PhotoThumbs({ photos, size = 'md', onRemove, removeLabel = F.removePhoto, canRemove, className }: PhotoThumbsProps) {
  const [open, setOpen] = useState<number | null>(null);
  const edge = size === 'sm' ? 'size-10' : 'size-20 md:size-24';
  return (
    <>
      <ul className={cn('flex flex-wrap gap-2', className)} aria-label={F.photos}>
        {photos.map((p, i) => (
          <li key={photoKey(p)} className="relative">
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={F.openPhoto(i + 1)}
              title={F.openPhoto(i + 1)}
              className={cn(
                'block cursor-zoom-in overflow-hidden rounded-md border border-border bg-slate-50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                edge,
              )}
            >
              <PhotoImage photo={p} alt={F.photoOf(i + 1, photos.length)} className={cn('object-cover', edge)} />
            </button>
            {onRemove && (canRemove?.(p) ?? true) && (
              <IconButton
                aria-label={`${removeLabel} ${i + 1}`}
                title={removeLabel}
                variant="destructive"
                className="absolute -top-2 -right-2 size-7 rounded-full shadow"
                onClick={() => onRemove(p, i)}
              >
                <X aria-hidden="true" />
              </IconButton>
            )}
          </li>
        ))}
      </ul>
      <PhotoViewer photos={photos} index={open} onIndexChange={setOpen} />
    </>
  );
}

/** The enlarged photo with previous / next; closes with its button (static modal, spec). */
export function PhotoViewer({
  photos,
  index,
  onIndexChange,
}: {
  photos: readonly PhotoSource[];
  index: number | null;
  onIndexChange: (i: number | null) => void;
}) {
  const current = index !== null ? photos[index] : undefined;
  const n = photos.length;
  return (
    <Modal
      open={current !== undefined}
      onOpenChange={(o) => !o && onIndexChange(null)}
      title={index !== null ? F.photoOf(index + 1, n) : ''}
      width="xl"
      bodyClassName="p-2"
    >
      {current && index !== null && (
        <div className="relative flex items-center justify-center">
          <PhotoImage photo={current} alt={F.photoOf(index + 1, n)} className="max-h-[75vh] w-auto max-w-full rounded object-contain" />
          {n > 1 && (
            <>
              <IconButton
                aria-label={F.previousPhoto}
                size="icon"
                variant="secondary"
                className="absolute left-2 rounded-full opacity-90"
                onClick={() => onIndexChange((index + n - 1) % n)}
              >
                <ChevronLeft aria-hidden="true" />
              </IconButton>
              <IconButton
                aria-label={F.nextPhoto}
                size="icon"
                variant="secondary"
                className="absolute right-2 rounded-full opacity-90"
                onClick={() => onIndexChange((index + 1) % n)}
              >
                <ChevronRight aria-hidden="true" />
              </IconButton>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
