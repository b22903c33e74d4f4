// The photo type and size read from the bytes (modules/fotos/image-type.ts): each accepted format and its
// variants, and what is refused whatever its name says.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniffImage } from '../../../src/server/modules/fotos/image-type';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

describe('sniffImage', () => {
  it('reads JPEG (also progressive, after an EXIF block and fill bytes), PNG and WebP files', () => {
    expect(sniffImage(readFileSync(new URL('../images/foto-40x30.jpg', import.meta.url)))).toEqual({
      mime: 'image/jpeg',
      width: 40,
      height: 30,
    });
    expect(sniffImage(readFileSync(new URL('../images/foto-40x30.webp', import.meta.url)))).toEqual({
      mime: 'image/webp',
      width: 40,
      height: 30,
    });
    expect(sniffImage(readFileSync(new URL('../../../public/logo.png', import.meta.url)))).toEqual({
      mime: 'image/png',
      width: 256,
      height: 256,
    });
    const exif = [0xff, 0xe1, 0x01, 0x02, ...Array(0x100).fill(0x41)];
    const sof2 = [0xff, 0xff, 0xc2, 0x00, 0x11, 0x08, 0x0b, 0xb8, 0x0f, 0xa0, 0x03];
    expect(sniffImage(bytes([0xff, 0xd8], exif, sof2, Array(20).fill(0)))).toEqual({ mime: 'image/jpeg', width: 4000, height: 3000 });
  });

  it('reads the size of lossy (VP8) and lossless (VP8L) WebP', () => {
    const lossy = bytes(
      'RIFF',
      le32(100),
      'WEBPVP8 ',
      le32(80),
      [0x10, 0x02, 0x00],
      [0x9d, 0x01, 0x2a],
      [0x40, 0x06, 0xb0, 0x04],
      Array(10).fill(0),
    );
    expect(sniffImage(lossy)).toEqual({ mime: 'image/webp', width: 1600, height: 1200 });
    const bits = (1599 & 0x3fff) | ((1199 & 0x3fff) << 14);
    const lossless = bytes('RIFF', le32(100), 'WEBPVP8L', le32(80), [0x2f], le32(bits), Array(10).fill(0));
    expect(sniffImage(lossless)).toEqual({ mime: 'image/webp', width: 1600, height: 1200 });
  });

  it('refuses text, other formats, and a known signature whose header does not parse', () => {
    expect(sniffImage(Buffer.from('esto no es una foto'))).toBeNull();
    expect(sniffImage(bytes('GIF89a', [1, 0, 1, 0], Array(20).fill(0)))).toBeNull();
    expect(sniffImage(bytes('%PDF-1.7\n', Array(40).fill(0x20)))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(sniffImage(bytes([0xff, 0xd8], [0xff, 0xda, 0x00, 0x08], Array(30).fill(0)))).toBeNull();
    expect(sniffImage(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], Array(8).fill(0)))).toBeNull();
    expect(sniffImage(bytes('RIFF', le32(100), 'WAVEfmt ', Array(30).fill(0)))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});
