// Generates the PWA icons, favicon and logo (public/icons/*.png, public/favicon.png, public/logo.png) with Node
// only: a yellow gear around an excavator on dark blue, drawn pixel by pixel (4x4 supersampling) and written as
// PNG with zlib. Run: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const BLUE = [30, 58, 95];
const YELLOW = [245, 183, 0];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function encodePng(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

// ---- shapes in unit coordinates (0..1, y down) ----
const inRect = (x, y, x0, y0, x1, y1) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
function inRoundRect(x, y, x0, y0, x1, y1, r) {
  if (!inRect(x, y, x0, y0, x1, y1)) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}
function distToSegment(x, y, ax, ay, bx, by) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}
function inTriangle(x, y, [ax, ay], [bx, by], [cx, cy]) {
  const s = (px, py, qx, qy, rx, ry) => (px - rx) * (qy - ry) - (qx - rx) * (py - ry);
  const d1 = s(x, y, ax, ay, bx, by);
  const d2 = s(x, y, bx, by, cx, cy);
  const d3 = s(x, y, cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** The emblem in a 0..1 box: 'yellow', 'blue' or null (outside the gear's disc). */
function emblem(x, y) {
  const r = Math.hypot(x - 0.5, y - 0.5);
  const a = Math.atan2(y - 0.5, x - 0.5);
  const teeth = 10;
  const phase = ((a / (2 * Math.PI)) * teeth + 10) % 1;
  const onTooth = phase > 0.25 && phase < 0.75;
  if (r > 0.3 && (r <= 0.4 || (onTooth && r <= 0.47))) return 'yellow';
  if (r > 0.3) return null;
  // Excavator: tracks with wheels, body, cab with window, boom, stick and bucket.
  const wheel = [0.345, 0.44, 0.535].some((wx) => Math.hypot(x - wx, y - 0.62) <= 0.02);
  if (inRoundRect(x, y, 0.3, 0.58, 0.58, 0.66, 0.04)) return wheel ? 'blue' : 'yellow';
  if (inRect(x, y, 0.36, 0.39, 0.43, 0.45)) return 'blue';
  if (inRect(x, y, 0.32, 0.48, 0.56, 0.575) || inRect(x, y, 0.34, 0.37, 0.45, 0.48)) return 'yellow';
  if (distToSegment(x, y, 0.53, 0.51, 0.64, 0.36) <= 0.022) return 'yellow';
  if (distToSegment(x, y, 0.64, 0.36, 0.71, 0.5) <= 0.018) return 'yellow';
  if (inTriangle(x, y, [0.67, 0.5], [0.77, 0.52], [0.72, 0.62])) return 'yellow';
  return 'blue';
}

/**
 * One icon. `maskable`: full-bleed blue square with the emblem inside the 80% safe zone; otherwise a rounded
 * blue square (transparent corners) with the emblem filling it.
 */
function draw(size, { maskable = false } = {}) {
  const out = Buffer.alloc(size * size * 4);
  const SS = 4;
  const scale = maskable ? 0.8 : 1;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let rs = 0;
      let gs = 0;
      let bs = 0;
      let as = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const x = (px + (sx + 0.5) / SS) / size;
          const y = (py + (sy + 0.5) / SS) / size;
          const inBg = maskable || inRoundRect(x, y, 0, 0, 1, 1, 0.18);
          if (!inBg) continue;
          const ex = (x - 0.5) / scale + 0.5;
          const ey = (y - 0.5) / scale + 0.5;
          const c = emblem(ex, ey) === 'yellow' ? YELLOW : BLUE;
          rs += c[0];
          gs += c[1];
          bs += c[2];
          as += 255;
        }
      }
      const n = SS * SS;
      const i = (py * size + px) * 4;
      const covered = as / 255;
      out[i] = covered ? Math.round(rs / covered) : 0;
      out[i + 1] = covered ? Math.round(gs / covered) : 0;
      out[i + 2] = covered ? Math.round(bs / covered) : 0;
      out[i + 3] = Math.round(as / n);
    }
  }
  return encodePng(size, out);
}

const files = [
  ['public/icons/icon-192.png', draw(192)],
  ['public/icons/icon-512.png', draw(512)],
  ['public/icons/icon-512-maskable.png', draw(512, { maskable: true })],
  ['public/favicon.png', draw(64)],
  ['public/logo.png', draw(256)],
];
for (const [rel, bytes] of files) {
  const path = join(root, rel);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  console.log(`${rel}  ${bytes.length} bytes`);
}
