import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@shared/auth/permissions';
import type { ValorizaDetail } from '@shared/contract/valoriza';
import { valorizaTotals } from '@shared/domain/valoriza';
import { MSG } from '@shared/messages';
import { cuentas, extContribuyentes, extPersonas } from '../../src/server/db/schema/index';
import { call, createTestApp, createUser, login, type TestApp, widest } from './helpers';
import { reportBody, seedValoriza, type ValorizaFixture } from './valoriza-fixture';

type Detail = ValorizaDetail;

describe('valuations API (/api/valoriza)', () => {
  let t: TestApp;
  let admin: string;
  let f: ValorizaFixture;
  let accounts: { cuenta_id: number; tipo_cuenta: string; tasa_impuesto: number; nro_cuenta: string }[];
  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    call(t.app, token, { method, url, payload: payload as object });
  /** A DELETE as some API clients send it: JSON content type and an empty body. */
  const delJson = (url: string) =>
    call(t.app, admin, { method: 'DELETE', url, headers: { 'content-type': 'application/json' }, payload: '' });
  const newReport = async (det: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
    (await req('POST', '/api/partesdiarios', reportBody(f, extra, det))).json() as {
      parte_id: number;
      monto: number;
      nro_parte_interno: string;
    };
  const HEADER = {
    fecha: '2025-03-31',
    rubro: 1,
    tipo_doc: 2,
    ndoc: '20123456789',
    rsocial: 'CONSTRUCTORA ANDINA S.A.C.',
    observacion: 'Alquiler de retroexcavadora, marzo',
  };
  const body = (extra: Record<string, unknown> = {}) => ({
    editorMode: 'crear',
    ...HEADER,
    partesdiarios: [],
    ...extra,
  });
  /** The stored totals must be the shared function's over the stored report amounts. */
  const expectTotals = (v: Detail) => {
    const t2 = valorizaTotals({ montos: v.partesdiarios.map((p) => p.monto), rubro: v.rubro, tasa: v.tasa_detraccion });
    expect({
      subtotal: v.subtotal,
      igv: v.igv,
      monto: v.monto,
      monto_detraccion: v.monto_detraccion,
      monto_deposito: v.monto_deposito,
    }).toEqual({
      subtotal: t2.subtotal,
      igv: t2.igv,
      monto: t2.monto,
      monto_detraccion: t2.monto_detraccion,
      monto_deposito: t2.monto_deposito,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await login(t.app);
    f = await seedValoriza(t);
    accounts = (await req('GET', '/api/valoriza/cuentas')).json();
  });
  afterAll(() => t.close());

  it('GET /cuentas lists the accounts; GET /infoventa the active lines with price and unit, active activities, machines', async () => {
    expect(accounts).toEqual([
      { cuenta_id: expect.any(Number), nro_cuenta: '0000-281999', tipo_cuenta: 'deposito', tasa_impuesto: 0 },
      { cuenta_id: expect.any(Number), nro_cuenta: '00-371-012345', tipo_cuenta: 'detraccion', tasa_impuesto: 10 },
    ]);
    const info = (await req('GET', '/api/valoriza/infoventa')).json();
    expect(info.precios).toContainEqual({
      costo_det_id: f.hora,
      costo_id: f.costo,
      costo: 'Tarifario 2025',
      descripcion: 'Hora máquina retroexcavadora',
      precio: 85.5,
      unidad: 'HORA',
    });
    expect(info.precios.map((p: { costo_det_id: number }) => p.costo_det_id)).not.toContain(f.inactiveLine);
    expect(info.actividades).toEqual([{ id: f.act, activ_nombre: 'Alquiler de maquinaria a terceros' }]);
    expect(info.maquinarias).toContainEqual({ id: f.volquete, descripcion: 'VOLQUETE', placa: 'VAL-202', horometro: false, estado: 0 });
  });

  let v1: Detail;
  let picked: { parte_id: number; monto: number; nro_parte_interno: string };
  it('creates a valuation (201) that bills a picked report and a new one; defaults and the server’s totals', async () => {
    picked = await newReport({ cantid: 2.5, preuni: 85.5 });
    const res = await req(
      'POST',
      '/api/valoriza',
      body({
        rubro: undefined,
        tipo_doc: undefined,
        subtotal: 1,
        monto: 2,
        monto_detraccion: 3,
        monto_deposito: 4,
        tasa_detraccion: 50,
        partesdiarios: [
          { parte_id: picked.parte_id, index: 0, monto: 1 },
          { ...reportBody(f, { fecha: undefined, dni: f.op2.dni }, { cantid: 8, preuni: 85.5 }), index: 1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    v1 = res.json();
    const det = accounts.find((a) => a.tipo_cuenta === 'detraccion');
    const dep = accounts.find((a) => a.tipo_cuenta === 'deposito');
    expect(v1).toMatchObject({
      ...HEADER,
      subtotal: 897.75,
      igv: 161.6,
      monto: 1059.35,
      monto_detraccion: 105.94,
      monto_deposito: 953.41,
      tasa_detraccion: 10,
      cta_detraccion: det?.cuenta_id,
      cta_deposito: dep?.cuenta_id,
      cuentas: { detraccion: det, deposito: dep },
    });
    expectTotals(v1);
    expect(v1.partesdiarios.map((p) => [p.parte_id === picked.parte_id, p.monto, p.valoriza_id])).toEqual([
      [true, 213.75, v1.valoriza_id],
      [false, 684, v1.valoriza_id],
    ]);
    // A new report without a date takes the valuation's.
    expect(v1.partesdiarios[1].fecha).toBe('2025-03-31');
    expect((await req('GET', `/api/valoriza/${v1.valoriza_id}`)).json()).toEqual(v1);
  });

  it('boundaries of the detraction: monto 700.00 none, 700.01 the account rate; rubros 2 and 3 never', async () => {
    const at = async (preuni: number, rubro: number) => {
      const r = await newReport({ cantid: 1, preuni });
      const res = await req('POST', '/api/valoriza', body({ rubro, partesdiarios: [{ parte_id: r.parte_id }] }));
      expect(res.statusCode).toBe(201);
      const v: Detail = res.json();
      expectTotals(v);
      return v;
    };
    expect(await at(593.22, 1)).toMatchObject({ subtotal: 593.22, monto: 700, monto_detraccion: 0, monto_deposito: 700 });
    expect(await at(593.23, 1)).toMatchObject({ subtotal: 593.23, monto: 700.01, monto_detraccion: 70, monto_deposito: 630.01 });
    expect(await at(5000, 2)).toMatchObject({ monto: 5900, monto_detraccion: 0, monto_deposito: 5900 });
    expect(await at(5000, 3)).toMatchObject({ monto: 5900, monto_detraccion: 0, monto_deposito: 5900 });
  });

  it('uses the chosen accounts (also the spec’s cuentas { detraccion, deposito }) and the detraction account’s rate', async () => {
    const [twelve] = await t.database.db
      .insert(cuentas)
      .values({ nro_cuenta: '00-999-777', tipo_cuenta: 'detraccion', tasa_impuesto: 12 })
      .returning();
    const dep = accounts.find((a) => a.tipo_cuenta === 'deposito') as { cuenta_id: number };
    const r = await newReport({ cantid: 10, preuni: 100 });
    const res = await req(
      'POST',
      '/api/valoriza',
      body({
        cuentas: { detraccion: { cuenta_id: twelve.cuenta_id }, deposito: { cuenta_id: dep.cuenta_id } },
        partesdiarios: [{ parte_id: r.parte_id }],
      }),
    );
    expect(res.json()).toMatchObject({
      cta_detraccion: twelve.cuenta_id,
      tasa_detraccion: 12,
      monto: 1180,
      monto_detraccion: 141.6,
      monto_deposito: 1038.4,
    });
    const wrongType = await req('POST', '/api/valoriza', body({ cta_detraccion: dep.cuenta_id }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors.cta_detraccion).toBe(MSG.accountWrongType('detracción'));
    const unknown = await req('POST', '/api/valoriza', body({ cta_deposito: 999999 }));
    expect(unknown.json().errors.cta_deposito).toBe(MSG.accountNotFound);
  });

  it('a report billed by another valuation cannot be attached (409, nothing changed)', async () => {
    const before = (await req('POST', '/api/valoriza/list', widest('valoriza'))).json().length;
    const res = await req('POST', '/api/valoriza', body({ partesdiarios: [{ parte_id: picked.parte_id }, reportBody(f)] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.reportBilledElsewhere(picked.nro_parte_interno, v1.valoriza_id));
    expect((await req('POST', '/api/valoriza/list', widest('valoriza'))).json()).toHaveLength(before);
    expect((await req('GET', `/api/partesdiarios/${picked.parte_id}`)).json().valoriza_id).toBe(v1.valoriza_id);
  });

  it('two valuations saved at once for the same unbilled report: one bills it, the other gets the 409', async () => {
    const r = await newReport();
    const both = await Promise.all([1, 2].map(() => req('POST', '/api/valoriza', body({ partesdiarios: [{ parte_id: r.parte_id }] }))));
    expect(both.map((x) => x.statusCode).sort()).toEqual([201, 409]);
    const winner = both.find((x) => x.statusCode === 201)?.json().valoriza_id;
    expect((await req('GET', `/api/partesdiarios/${r.parte_id}`)).json().valoriza_id).toBe(winner);
  });

  it('reads numbers typed as numbers (ndoc, report number) and ignores trash entries without an id', async () => {
    const res = await req(
      'POST',
      '/api/valoriza',
      body({ ndoc: 20123456789, partesdiarios: [reportBody(f, { nro_parte_interno: 4521 })], trash: [{ parte_id: null, index: 3 }, null] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().ndoc).toBe('20123456789');
    expect(res.json().partesdiarios[0].nro_parte_interno).toBe('4521');
  });

  it('a client name left empty is the registry’s name for the document (RUC or DNI)', async () => {
    await t.database.db.insert(extContribuyentes).values({ ruc: '20486512347', razon_social: 'TRANSPORTES EL CONDOR E.I.R.L.' });
    await t.database.db
      .insert(extPersonas)
      .values({ dni: '41234567', prenombres: 'MARÍA ELENA', ap_primer: 'QUISPE', ap_segundo: 'ÑAUPARI' });
    const ruc = await req('POST', '/api/valoriza', body({ ndoc: '20486512347', rsocial: '' }));
    expect(ruc.json().rsocial).toBe('TRANSPORTES EL CONDOR E.I.R.L.');
    const dni = await req('POST', '/api/valoriza', body({ tipo_doc: 1, ndoc: '41234567', rsocial: undefined, rubro: 2 }));
    expect(dni.json().rsocial).toBe('QUISPE ÑAUPARI MARÍA ELENA');
  });

  it('validates the header: document by type, rubro, required observation and client, reports by id (400)', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tipo_doc: 1, ndoc: '20123456789' }, 'ndoc', 'El DNI debe tener 8 dígitos'],
      [{ tipo_doc: 2, ndoc: '12345678' }, 'ndoc', 'El RUC debe tener 11 dígitos'],
      [{ ndoc: '2012345678A' }, 'ndoc', 'Solo se permiten dígitos'],
      [{ ndoc: '' }, 'ndoc', 'Campo obligatorio'],
      [{ rubro: 4 }, 'rubro', 'Rubro inválido: use 1, 2 o 3'],
      [{ tipo_doc: 3 }, 'tipo_doc', 'Tipo de documento inválido: use 1 (DNI) o 2 (RUC)'],
      [{ observacion: '  ' }, 'observacion', 'Campo obligatorio'],
      [{ rsocial: '', ndoc: '20999999999' }, 'rsocial', MSG.clientNameRequired],
      [{ fecha: '31/03/2025' }, 'fecha', 'Fecha inválida (AAAA-MM-DD)'],
      [{ partesdiarios: [{ parte_id: 999999 }] }, 'partesdiarios.0.parte_id', MSG.reportNotFound(999999)],
      [{ partesdiarios: [{ nro_parte_interno: 'X' }] }, 'partesdiarios.0.maquinaria_id', 'Campo obligatorio'],
      [{ partesdiarios: [reportBody(f, { dni: '99999999' })] }, 'partesdiarios.0.dni', MSG.operatorNotFound],
      [{ partesdiarios: [reportBody(f, {}, { cantid: 'x' })] }, 'partesdiarios.0.partesdiarios_det.cantid', MSG.onlyNumbers],
    ];
    for (const [extra, field, message] of cases) {
      const res = await req('POST', '/api/valoriza', body(extra));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors?.[field], field).toBe(message);
    }
    const dniOk = await req('POST', '/api/valoriza', body({ tipo_doc: 1, ndoc: '40123456', rsocial: 'QUISPE HUAMAN JUAN', rubro: 2 }));
    expect(dniOk.statusCode).toBe(201);
    expect(dniOk.json()).toMatchObject({ tipo_doc: 1, ndoc: '40123456', subtotal: 0, monto: 0, partesdiarios: [] });
  });

  it('edits (PUT): resent reports stay, an edited one is recomputed, a trashed one is detached and stays unbilled', async () => {
    const [a, b] = v1.partesdiarios;
    const extra = await newReport({ cantid: 1, preuni: 100 });
    const res = await req(
      'PUT',
      `/api/valoriza/${v1.valoriza_id}`,
      body({
        editorMode: 'editar',
        valoriza_id: v1.valoriza_id,
        partesdiarios: [
          { ...a, editorMode: 'editar' },
          { parte_id: extra.parte_id },
          { parte_id: b.parte_id, partesdiarios_det: { cantid: 4 } },
        ],
        trash: [{ parte_id: a.parte_id }],
      }),
    );
    expect(res.statusCode).toBe(200);
    const v: Detail = res.json();
    // Oldest report first (the order of the modal's table and the PDF).
    expect(v.partesdiarios.map((p) => [p.parte_id, p.monto])).toEqual([
      [extra.parte_id, 100],
      [b.parte_id, 342],
    ]);
    expectTotals(v);
    expect(v.subtotal).toBe(442);
    const detached = (await req('GET', `/api/partesdiarios/${a.parte_id}`)).json();
    expect(detached.valoriza_id).toBeNull();
    expect(
      (await req('POST', '/api/partesdiarios/list', { sin_valorizar: true, fini: '2025-01-01', ffin: '2025-12-31' }))
        .json()
        .map((r: { parte_id: number }) => r.parte_id),
    ).toContain(a.parte_id);
    v1 = v;
  });

  it('refuses a trash entry that is not one of its reports, and a report listed twice (400)', async () => {
    const other = await newReport();
    const res = await req('PUT', `/api/valoriza/${v1.valoriza_id}`, body({ trash: [other.parte_id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.reportNotInValuation(other.parte_id));
    const twice = await req(
      'PUT',
      `/api/valoriza/${v1.valoriza_id}`,
      body({ partesdiarios: [{ parte_id: other.parte_id }, { parte_id: other.parte_id }] }),
    );
    expect(twice.statusCode).toBe(400);
    expect((await req('PUT', '/api/valoriza/999999', body())).statusCode).toBe(404);
  });

  it('lists by date with the hidden report numbers', async () => {
    const rows = (await req('POST', '/api/valoriza/list', { fini: '2025-03-31', ffin: '2025-03-31' })).json();
    const row = rows.find((r: { valoriza_id: number }) => r.valoriza_id === v1.valoriza_id);
    expect(row).toEqual({
      valoriza_id: v1.valoriza_id,
      fecha: '2025-03-31',
      rubro: 1,
      tipo_doc: 2,
      ndoc: '20123456789',
      rsocial: 'CONSTRUCTORA ANDINA S.A.C.',
      subtotal: 442,
      monto: 521.56,
      monto_detraccion: 0,
      monto_deposito: 521.56,
      partes: v1.partesdiarios.map((p) => p.nro_parte_interno).join(', '),
      created_at: expect.stringMatching(/Z$/),
    });
    expect((await req('POST', '/api/valoriza/list', { fini: '2025-04-01', ffin: '2025-12-31' })).json()).toEqual([]);
    expect((await req('POST', '/api/valoriza/list', { fini: 'x' })).statusCode).toBe(400);
  });

  it('the PDF (code 21) is a landscape A4 document; 404 for an unknown valuation', async () => {
    const res = await req('GET', `/api/valoriza/viewpdfvaloriza?id=${v1.valoriza_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { PDFDocument } = await import('pdf-lib');
    const pdf = await PDFDocument.load(res.rawPayload);
    const { width, height } = pdf.getPage(0).getSize();
    expect(Math.round(width)).toBe(842);
    expect(Math.round(height)).toBe(595);
    expect((await req('GET', '/api/valoriza/viewpdfvaloriza?id=999999')).statusCode).toBe(404);
    expect((await req('GET', '/api/valoriza/viewpdfvaloriza?id=abc')).statusCode).toBe(400);
    const noPdf = await createUser(t, [18, 19, 20, 22]);
    expect((await req('GET', `/api/valoriza/viewpdfvaloriza?id=${v1.valoriza_id}`, undefined, noPdf.token)).statusCode).toBe(403);
  });

  it('reports inside a save need 23 to add, 24 to edit, 25 to remove (403, nothing changed)', async () => {
    const only19 = await createUser(t, [ROLE.valorizaNuevo]);
    const r = await newReport();
    const add = await req('POST', '/api/valoriza', body({ partesdiarios: [{ parte_id: r.parte_id }] }), only19.token);
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(MSG.reportAddForbidden);
    expect((await req('POST', '/api/valoriza', body(), only19.token)).statusCode).toBe(201);
    const editor = await createUser(t, [ROLE.valorizaEditar, ROLE.parteDiarioNuevo]);
    const [b] = v1.partesdiarios;
    const url = `/api/valoriza/${v1.valoriza_id}`;
    const unchanged = await req('PUT', url, body({ partesdiarios: v1.partesdiarios }), editor.token);
    expect(unchanged.statusCode).toBe(200);
    const edit = await req('PUT', url, body({ partesdiarios: [{ parte_id: b.parte_id, partesdiarios_det: { cantid: 9 } }] }), editor.token);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(MSG.reportEditForbidden);
    const remove = await req('PUT', url, body({ trash: [b.parte_id] }), editor.token);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe(MSG.reportRemoveForbidden);
    expect((await req('GET', url)).json().partesdiarios).toHaveLength(2);
    expect((await req('POST', '/api/valoriza', body(), editor.token)).statusCode).toBe(403);
    expect((await req('DELETE', url, undefined, editor.token)).statusCode).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/api/valoriza/infoventa' })).statusCode).toBe(401);
  });

  it('deletes a valuation; its reports stay, unbilled again, and can be billed by another', async () => {
    const ids = v1.partesdiarios.map((p) => p.parte_id);
    const res = await delJson(`/api/valoriza/${v1.valoriza_id}`);
    expect(res.json()).toEqual({ message: MSG.deleted });
    expect((await req('GET', `/api/valoriza/${v1.valoriza_id}`)).statusCode).toBe(404);
    for (const id of ids) expect((await req('GET', `/api/partesdiarios/${id}`)).json().valoriza_id).toBeNull();
    const again = await req('POST', '/api/valoriza', body({ partesdiarios: ids.map((parte_id) => ({ parte_id })) }));
    expect(again.statusCode).toBe(201);
    expect((await req('DELETE', '/api/valoriza/999999')).statusCode).toBe(404);
  });
});
