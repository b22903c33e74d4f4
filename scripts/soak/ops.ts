// The soak's operations: exits, daily reports and failures with photos as the field forms put them in the outbox,
// some of them meant to be refused (an exit above stock, a report on an unknown cost line, a photo that is no image).
import { readFileSync } from 'node:fs';
import { limaDate } from '@shared/domain/dates';
import type { EnqueueInput } from '@client/offline/outbox-store';
import { SOAK_HUGE, type SoakFixture } from './fixture';

const JPEG = readFileSync(new URL('../../tests/server/images/foto-40x30.jpg', import.meta.url));
const FOTO_UPLOAD = { idField: 'falla_id', url: '/api/fallas/{id}/fotos', field: 'foto' };

export type OpKind = 'salida' | 'parte' | 'falla';

export interface SoakOp {
  n: number;
  kind: OpKind;
  /** The unique text that finds the record in the server's database (nro_vale, nro_parte_interno, descripcion). */
  marker: string;
  input: EnqueueInput;
  expectReject: boolean;
  goodPhotos: number;
  badPhotos: number;
}

export function makeOp(n: number, tag: string, f: SoakFixture, random: () => number): SoakOp {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const qty = () => Math.max(1, Math.round(random() * 100)) / 100;
  const today = limaDate();
  const r = random();
  if (r < 0.45) {
    const marker = `SK${tag}-${n}`;
    const expectReject = random() < 0.04;
    const lines = Array.from({ length: 1 + Math.floor(random() * 2) }, () => ({ insumo_id: pick(f.supplies), cantidad: qty() }));
    if (expectReject) lines[0].cantidad = SOAK_HUGE;
    const body = {
      editorMode: 'crear',
      nro_vale: marker,
      fecha: today,
      maquinaria_id: pick(f.machines),
      operador_dni: pick(f.operatorDnis),
      salidas_det: lines,
    };
    const input = { resource: 'salidas', method: 'POST' as const, url: '/api/salidas', body, label: `Salida ${marker}` };
    return { n, kind: 'salida', marker, input, expectReject, goodPhotos: 0, badPhotos: 0 };
  }
  if (r < 0.8) {
    const marker = `SK${tag}-${n}`;
    const expectReject = random() < 0.03;
    const body = {
      parte_id: null,
      nro_parte_interno: marker,
      fecha: today,
      maquinaria_id: pick(f.machines),
      dni: pick(f.operatorDnis),
      actividad_id: f.actividad,
      partesdiarios_det: { costo_det_id: expectReject ? 999_999 : f.costoDet, cantid: qty() * 10 },
      editorMode: 'crear',
    };
    const input = { resource: 'partesdiarios', method: 'POST' as const, url: '/api/partesdiarios', body, label: `Parte ${marker}` };
    return { n, kind: 'parte', marker, input, expectReject, goodPhotos: 0, badPhotos: 0 };
  }
  const marker = `Soak ${tag}-${n}`;
  const goodPhotos = 1 + Math.floor(random() * 3);
  const badPhotos = random() < 0.05 ? 1 : 0;
  const files = Array.from({ length: goodPhotos }, (_, i) => ({
    name: `foto-${n}-${i + 1}.jpg`,
    blob: new Blob([JPEG], { type: 'image/jpeg' }),
  }));
  if (badPhotos) files.splice(1, 0, { name: `nota-${n}.jpg`, blob: new Blob(['esto no es una foto'], { type: 'image/jpeg' }) });
  const body = { falla_id: null, maquinaria_id: pick(f.machines), descripcion: marker, detalle: 'Falla del soak', editorMode: 'crear' };
  const input = { resource: 'fallas', method: 'POST' as const, url: '/api/fallas', body, label: marker, files, upload: FOTO_UPLOAD };
  return { n, kind: 'falla', marker, input, expectReject: badPhotos > 0, goodPhotos, badPhotos };
}
