// What an uploaded file really is, read from its bytes (never from its name or declared type): JPEG, PNG or
// WebP, with the pixel size from the header. Anything else, or a header that does not parse, is not a photo.
import type { FOTO_TYPES } from '@shared/contract/fotos';

export interface ImageInfo {
  mime: (typeof FOTO_TYPES)[number];
  width: number;
  height: number;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, at: number, text: string) =>
  startsWith(
    b,
    [...text].map((c) => c.charCodeAt(0)),
    at,
  );
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic) carry the frame's size. */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(b: Uint8Array): ImageInfo | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    if (JPEG_SOF.has(marker)) {
      const height = u16be(b, at + 5);
      const width = u16be(b, at + 7);
      return width > 0 && height > 0 ? { mime: 'image/jpeg', width, height } : null;
    }
    at += 2 + length;
  }
  return null;
}

function png(b: Uint8Array): ImageInfo | null {
  if (b.length < 24 || !ascii(b, 12, 'IHDR')) return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  return width > 0 && height > 0 ? { mime: 'image/png', width, height } : null;
}

function webp(b: Uint8Array): ImageInfo | null {
  if (b.length < 30) return null;
  let width = 0;
  let height = 0;
  if (ascii(b, 12, 'VP8X')) {
    width = u24le(b, 24) + 1;
    height = u24le(b, 27) + 1;
  } else if (ascii(b, 12, 'VP8 ')) {
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    width = u16le(b, 26) & 0x3fff;
    height = u16le(b, 28) & 0x3fff;
  } else if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return null;
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else return null;
  return width > 0 && height > 0 ? { mime: 'image/webp', width, height } : null;
}

/** The photo's type and size, or null when the bytes are not a JPEG, PNG or WebP image. */
export function sniffImage(b: Uint8Array): ImageInfo | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return jpeg(b);
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return png(b);
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return webp(b);
  return null;
}
