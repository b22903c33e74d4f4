// Photo queries: the metadata of a failure's photos (never the bytes), and one photo's bytes to serve.
import { asc, eq } from 'drizzle-orm';
import type { FotoRow } from '@shared/contract/fotos';
import { MSG } from '@shared/messages';
import type { Db } from '../../db/client';
import { fallas, fotos, usuarios } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { isoTimestamp } from '../../lib/timestamps';

export const fotoColumns = {
  id: fotos.id,
  falla_id: fotos.falla_id,
  ot_id: fotos.ot_id,
  mime: fotos.mime,
  size: fotos.size,
  width: fotos.width,
  height: fotos.height,
  created_at: isoTimestamp(fotos.created_at),
  usuario: usuarios.username,
};

const metadata = (db: Db) => db.select(fotoColumns).from(fotos).leftJoin(usuarios, eq(usuarios.id, fotos.user_id));

/** The photos of a failure in upload order. */
export async function listFotos(db: Db, fallaId: number): Promise<FotoRow[]> {
  const rows = await metadata(db).where(eq(fotos.falla_id, fallaId)).orderBy(asc(fotos.id));
  return rows as FotoRow[];
}

/** The photos of a failure that must exist (404 otherwise). */
export async function fotosOfFalla(db: Db, fallaId: number): Promise<FotoRow[]> {
  const [f] = await db.select({ id: fallas.falla_id }).from(fallas).where(eq(fallas.falla_id, fallaId));
  if (!f) throw notFound(MSG.failureNotFound);
  return listFotos(db, fallaId);
}

export async function getFotoMeta(db: Db, id: number): Promise<FotoRow> {
  const [row] = await metadata(db).where(eq(fotos.id, id));
  if (!row) throw notFound(MSG.notFound);
  return row as FotoRow;
}

/** Bytes as a Buffer without copying (node-postgres answers a Buffer, PGlite a Uint8Array). */
export const asBuffer = (d: Uint8Array): Buffer => (Buffer.isBuffer(d) ? d : Buffer.from(d.buffer, d.byteOffset, d.byteLength));

export interface FotoFile {
  id: number;
  /** The failure it belongs to (null: a work order's photo). */
  falla_id: number | null;
  mime: string;
  sha256: string;
  data: Buffer;
}

/** One photo with its bytes. */
export async function getFotoFile(db: Db, id: number): Promise<FotoFile> {
  const [row] = await db
    .select({ id: fotos.id, falla_id: fotos.falla_id, mime: fotos.mime, sha256: fotos.sha256, data: fotos.data })
    .from(fotos)
    .where(eq(fotos.id, id));
  if (!row) throw notFound(MSG.notFound);
  return { ...row, data: asBuffer(row.data) };
}
