// Photos are made small on the device before they are kept or sent: a tablet camera gives 4–12 MB images, the
// field has little bandwidth and IndexedDB little room. At most 1600 px on the long side and about 300 KB, JPEG
// (every browser's canvas encodes it; WebP is kept when the browser already gives one small enough).
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_TARGET_BYTES = 300 * 1024;
const QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45];
const MIN_SIDE = 480;

/** Width and height that fit the long side into `max` (never enlarged). */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Draws the image at a size and encodes it (canvas in the browser, a fake in tests). */
export type Encoder = (width: number, height: number, quality: number) => Promise<Blob>;

/**
 * Encodes at the fitted size with falling quality until the result is at most `target` bytes; if the lowest
 * quality is still too big, the size shrinks by a fifth and it tries again (never below MIN_SIDE on the long side).
 */
export async function encodeWithin(
  width: number,
  height: number,
  encode: Encoder,
  opts: { maxSide?: number; target?: number } = {},
): Promise<Blob> {
  const target = opts.target ?? PHOTO_TARGET_BYTES;
  let size = fitWithin(width, height, opts.maxSide ?? PHOTO_MAX_SIDE);
  for (;;) {
    let last = await encode(size.width, size.height, QUALITIES[0]);
    for (const q of QUALITIES.slice(1)) {
      if (last.size <= target) return last;
      last = await encode(size.width, size.height, q);
    }
    if (last.size <= target) return last;
    const long = Math.max(size.width, size.height);
    if (long <= MIN_SIDE) return last;
    size = fitWithin(size.width, size.height, Math.max(MIN_SIDE, Math.round(long * 0.8)));
  }
}

/** 'IMG_2041.HEIC' → 'IMG_2041.jpg'. */
export function photoName(original: string, type: string): string {
  const base = original.replace(/\.[^.]*$/, '').trim() || 'foto';
  return `${base}.${type === 'image/webp' ? 'webp' : 'jpg'}`;
}

function canvasEncoder(bitmap: ImageBitmap): Encoder {
  return async (width, height, quality) => {
    if (typeof OffscreenCanvas !== 'undefined') {
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('canvas 2d no disponible');
      ctx.drawImage(bitmap, 0, 0, width, height);
      return canvas.convertToBlob({ type: 'image/jpeg', quality });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas 2d no disponible');
    ctx.drawImage(bitmap, 0, 0, width, height);
    return new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no se pudo codificar la imagen'))), 'image/jpeg', quality),
    );
  };
}

/**
 * A camera or gallery file made ready to keep and send: turned upright (EXIF orientation), fitted into 1600 px,
 * encoded as JPEG of about 300 KB. A file already small enough in JPEG or WebP is kept as it is. Throws when the
 * browser cannot read the image.
 */
export async function preparePhoto(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const fits = Math.max(bitmap.width, bitmap.height) <= PHOTO_MAX_SIDE;
    if (fits && file.size <= PHOTO_TARGET_BYTES && (file.type === 'image/jpeg' || file.type === 'image/webp')) return file;
    const blob = await encodeWithin(bitmap.width, bitmap.height, canvasEncoder(bitmap));
    return new File([blob], photoName(file.name, blob.type), { type: blob.type || 'image/jpeg', lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
