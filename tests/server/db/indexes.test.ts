// Every foreign key has an index that starts with its columns: deleting or joining through a
// referenced row never scans the referencing table, and lists filtered by their parent stay fast with the years.
// Read from the migrated database itself, so a table added later without its index fails here.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/server/lib/sql';
import { createTestApp, type TestApp } from '../helpers';

describe('indexes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every foreign key is served by an index (or the primary key / a unique constraint) leading with its columns', async () => {
    const missing = await rowsOf<{ tabla: string; columnas: string; fk: string }>(
      t.database.db,
      sql`
        with fk as (
          select c.conname, c.conrelid, c.conkey
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'f' and n.nspname = 'public'
        )
        select fk.conrelid::regclass::text as tabla, fk.conname as fk,
          (select string_agg(a.attname, ', ' order by k.ord)
             from unnest(fk.conkey) with ordinality k(attnum, ord)
             join pg_attribute a on a.attrelid = fk.conrelid and a.attnum = k.attnum) as columnas
        from fk
        where not exists (
          select 1 from pg_index i
          where i.indrelid = fk.conrelid
            and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(fk.conkey)] @> fk.conkey
            and (string_to_array(i.indkey::text, ' ')::smallint[])[1:cardinality(fk.conkey)] <@ fk.conkey
        )
        order by 1, 2`,
    );
    expect(missing, missing.map((m) => `${m.tabla}(${m.columnas}) [${m.fk}]`).join('\n')).toEqual([]);
  });
});
