// What the soak's saves left in the server's database: records per marker, photos per failure, stock issued.
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';

export interface ServerCounts {
  /** Rows per marker (nro_vale, nro_parte_interno or failure description). */
  records: Map<string, number>;
  /** Photos per failure description. */
  photos: Map<string, number>;
  /** Quantity issued by the soak's exits per supply id. */
  issued: Map<number, number>;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function serverCounts(db: Db, tag: string): Promise<ServerCounts> {
  const code = `SK${tag}-%`;
  const desc = `Soak ${tag}-%`;
  const records = new Map<string, number>();
  const add = (list: { marker: string; n: number | string }[]) => {
    for (const r of list) records.set(r.marker, (records.get(r.marker) ?? 0) + Number(r.n));
  };
  add(await rows(db, sql`select nro_vale as marker, count(*) as n from salidas where nro_vale like ${code} group by nro_vale`));
  add(
    await rows(
      db,
      sql`select nro_parte_interno as marker, count(*) as n from partes_diarios where nro_parte_interno like ${code} group by 1`,
    ),
  );
  add(await rows(db, sql`select descripcion as marker, count(*) as n from fallas where descripcion like ${desc} group by 1`));
  const photoRows = await rows<{ marker: string; n: number | string }>(
    db,
    sql`select f.descripcion as marker, count(p.id) as n from fallas f left join fotos p on p.falla_id = f.falla_id
        where f.descripcion like ${desc} group by 1`,
  );
  const issuedRows = await rows<{ insumo_id: number; q: number | string }>(
    db,
    sql`select d.insumo_id, sum(d.cantidad) as q from salidas_det d join salidas s on s.id = d.salida_id
        where s.nro_vale like ${code} group by 1`,
  );
  return {
    records,
    photos: new Map(photoRows.map((r) => [r.marker, Number(r.n)])),
    issued: new Map(issuedRows.map((r) => [Number(r.insumo_id), Number(r.q)])),
  };
}
