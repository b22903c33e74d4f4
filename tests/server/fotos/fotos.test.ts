// Photos of a failure (docs/architecture.md, "Photos of a failure"): multipart upload checked by content (415), size (413) and count (409),
// idempotent with its own key (a replay never adds a second photo), the image served with its type and
// caching headers, delete (33), who may upload (33 any, 32 its own failures), and cascade with the failure.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOTO_MAX_BYTES } from '@shared/contract/fotos';
import { ROLE } from '@shared/auth/permissions';
import { MSG } from '@shared/messages';
import { seedMachine } from '../fixtures';
import { auditLog, fotos } from '../../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, type TestApp, widest } from '../helpers';

const JPEG = readFileSync(new URL('../images/foto-40x30.jpg', import.meta.url));
const WEBP = readFileSync(new URL('../images/foto-40x30.webp', import.meta.url));
const PNG = readFileSync(new URL('../../../public/favicon.png', import.meta.url));

interface Part {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = `----campo${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const photo = (data: Buffer | string, filename = 'foto.jpg', type = 'image/jpeg') => multipart([{ name: 'foto', filename, type, data }]);

describe('photos of a failure (/api/fallas/:falla_id/fotos, /api/fotos/:id)', () => {
  let t: TestApp;
  let token: string;
  let maq: { id: number };
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, tok = token) =>
    call(t.app, tok, { method, url, payload });
  const get = (url: string, headers: Record<string, string> = {}) => call(t.app, token, { method: 'GET', url, headers });
  const upload = (fallaId: number, body: ReturnType<typeof multipart>, opts: { key?: string; tok?: string } = {}) =>
    call(t.app, opts.tok ?? token, {
      method: 'POST',
      url: `/api/fallas/${fallaId}/fotos`,
      payload: body.payload,
      headers: body.headers,
      key: opts.key,
    });
  const newFailure = async (tok = token) =>
    (await send('POST', '/api/fallas', { maquinaria_id: maq.id, descripcion: `Falla ${randomUUID().slice(0, 8)}` }, tok)).json()
      .falla_id as number;
  const photoCount = async (fallaId: number) =>
    (await t.database.db.select({ n: count() }).from(fotos).where(eq(fotos.falla_id, fallaId)))[0].n;

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t.app);
    maq = await seedMachine(t.database.db);
  });
  afterAll(() => t.close());

  let falla: number;
  let first: { id: number };
  it('uploads a JPEG: 201 with its metadata read from the bytes', async () => {
    falla = await newFailure();
    const res = await upload(falla, photo(JPEG));
    expect(res.statusCode).toBe(201);
    first = res.json();
    expect(first).toEqual({
      id: expect.any(Number),
      falla_id: falla,
      mime: 'image/jpeg',
      size: JPEG.length,
      width: 40,
      height: 30,
      created_at: expect.stringMatching(/Z$/),
      usuario: 'admin',
    });
  });

  it('a repeated upload with the same Idempotency-Key answers the first photo and stores no second one', async () => {
    const key = randomUUID();
    const body = photo(WEBP, 'camara.webp', 'image/webp');
    const a = await upload(falla, body, { key });
    const b = await upload(falla, photo(WEBP, 'camara.webp', 'image/webp'), { key });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotency-replayed']).toBe('true');
    expect(b.json()).toEqual(a.json());
    expect(a.json()).toMatchObject({ mime: 'image/webp', width: 40, height: 30 });
    expect(await photoCount(falla)).toBe(2);
    // The same key with another file is a conflict, not a silent replay.
    const c = await upload(falla, photo(JPEG), { key });
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toBe(MSG.idempotencyConflict);
    expect(await photoCount(falla)).toBe(2);
  });

  it('reads the type from the content: a PNG named .bin is a PNG; a text file named .jpg is a 415', async () => {
    const png = await upload(falla, photo(PNG, 'foto.bin', 'application/octet-stream'));
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ mime: 'image/png', width: 64, height: 64 });
    const text = await upload(falla, photo('esto no es una foto, solo texto', 'foto.jpg', 'image/jpeg'));
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe(MSG.photoNotImage);
    const cut = await upload(falla, photo(JPEG.subarray(0, 12)));
    expect(cut.statusCode).toBe(415);
    expect(await photoCount(falla)).toBe(3);
  });

  it('refuses a file over 10 MB (413), a body that is not multipart (415), no foto field or two files (400)', async () => {
    const big = Buffer.alloc(FOTO_MAX_BYTES + 1, 0);
    JPEG.copy(big);
    const tooBig = await upload(falla, photo(big));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(MSG.photoTooLarge(10));
    const json = await call(t.app, token, { method: 'POST', url: `/api/fallas/${falla}/fotos`, payload: { foto: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(MSG.photoMultipart);
    const noFile = await upload(falla, multipart([{ name: 'descripcion', data: 'sin foto' }]));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ foto: MSG.photoRequired });
    const two = await upload(
      falla,
      multipart([
        { name: 'foto', filename: 'a.jpg', type: 'image/jpeg', data: JPEG },
        { name: 'foto', filename: 'b.jpg', type: 'image/jpeg', data: JPEG },
      ]),
    );
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(MSG.photoOneFile);
    const broken = photo(JPEG);
    const truncated = await upload(falla, { ...broken, payload: broken.payload.subarray(0, 200) });
    expect(truncated.statusCode).toBe(400);
    expect(await photoCount(falla)).toBe(3);
  });

  it('at most 5 photos per failure: the sixth is a 409 with the reason', async () => {
    expect((await upload(falla, photo(JPEG))).statusCode).toBe(201);
    expect((await upload(falla, photo(JPEG))).statusCode).toBe(201);
    const sixth = await upload(falla, photo(JPEG));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(MSG.photoLimit(5));
    expect(await photoCount(falla)).toBe(5);
  });

  it("lists a failure's photos (metadata only) and shows them in the failure and its list row; 404 for an unknown failure", async () => {
    const res = await get(`/api/fallas/${falla}/fotos`);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { id: number }) => r.id)[0]).toBe(first.id);
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0]).sort()).toEqual(['created_at', 'falla_id', 'height', 'id', 'mime', 'size', 'usuario', 'width']);
    expect((await get(`/api/fallas/${falla}`)).json().fotos).toEqual(rows);
    const listRow = (await send('POST', '/api/fallas/list', widest('fallas')))
      .json()
      .find((f: { falla_id: number }) => f.falla_id === falla);
    expect(listRow.nro_fotos).toBe(5);
    expect((await get('/api/fallas/999999/fotos')).statusCode).toBe(404);
    expect((await upload(999999, photo(JPEG))).statusCode).toBe(404);
  });

  it('GET /api/fotos/:id serves the bytes with their type, an ETag and immutable caching; 304 when unchanged', async () => {
    const res = await get(`/api/fotos/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(JPEG)).toBe(true);
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await get(`/api/fotos/${first.id}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get('/api/fotos/999999')).statusCode).toBe(404);
    expect((await call(t.app, null, { method: 'GET', url: `/api/fotos/${first.id}` })).statusCode).toBe(401);
  });

  it('DELETE /api/fotos/:id removes the photo (audit keeps the metadata, not the bytes); then 404', async () => {
    const res = await send('DELETE', `/api/fotos/${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.deleted });
    expect((await get(`/api/fotos/${first.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/fotos/${first.id}`)).statusCode).toBe(404);
    const [audit] = await t.database.db
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'fotos'), eq(auditLog.resource_id, String(first.id)), eq(auditLog.action, 'delete')));
    expect(audit.before).toMatchObject({ id: first.id, falla_id: falla, mime: 'image/jpeg', size: JPEG.length });
    expect(JSON.stringify(audit.before)).not.toContain('data');
  });

  it('who uploads: 33 to any failure, 32 only to the failures its user reported, neither code: 403; delete needs 33', async () => {
    const reporter = (await createUser(t, [ROLE.fallaNuevo])).token;
    const otherReporter = (await createUser(t, [ROLE.fallaNuevo])).token;
    const editor = (await createUser(t, [ROLE.fallaEditar])).token;
    const deleter = (await createUser(t, [ROLE.fallaEliminar])).token;
    const own = await newFailure(reporter);
    const ok = await upload(own, photo(JPEG), { tok: reporter });
    expect(ok.statusCode).toBe(201);
    const foreign = await upload(own, photo(JPEG), { tok: otherReporter });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MSG.photoNotOwner);
    expect((await upload(own, photo(JPEG), { tok: editor })).statusCode).toBe(201);
    expect((await upload(own, photo(JPEG), { tok: deleter })).statusCode).toBe(403);
    expect((await send('DELETE', `/api/fotos/${ok.json().id}`, undefined, reporter)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/fotos/${ok.json().id}`, undefined, editor)).statusCode).toBe(200);
  });

  it('under concurrency: the same upload sent 4 times at once stores one photo; 8 different ones stop at 5', async () => {
    const f = await newFailure();
    const key = randomUUID();
    const same = await Promise.all(Array.from({ length: 4 }, () => upload(f, photo(JPEG), { key })));
    expect(same.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(same.map((r) => r.json().id)).size).toBe(1);
    expect(await photoCount(f)).toBe(1);
    const many = await Promise.all(Array.from({ length: 8 }, () => upload(f, photo(WEBP, 'w.webp', 'image/webp'))));
    expect(many.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(many.filter((r) => r.statusCode === 409).map((r) => r.json().message)).toEqual(Array(4).fill(MSG.photoLimit(5)));
    expect(await photoCount(f)).toBe(5);
  });

  it('deleting a pending failure deletes its photos', async () => {
    const f = await newFailure();
    const p = (await upload(f, photo(JPEG))).json();
    expect((await send('DELETE', `/api/fallas/${f}`)).statusCode).toBe(200);
    expect((await get(`/api/fotos/${p.id}`)).statusCode).toBe(404);
    expect(await photoCount(f)).toBe(0);
  });
});
