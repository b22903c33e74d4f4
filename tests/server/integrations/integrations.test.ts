// External systems (docs/architecture.md, "External systems"): local mirror lookups, HTTP clients with write-through and fallback
// (against a local node:http server), the factory, and CSV/XLSX imports into the mirror tables.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import type { Db } from '../../../src/server/db/client';
import { integrations } from '../../../src/server/integrations/index';
import { formatReport, importFile } from '../../../src/server/integrations/import';
import { readCsv } from '../../../src/server/integrations/import-read';
import { upsertPurchaseOrders, upsertServiceOrders } from '../../../src/server/integrations/logistica/mirror';
import { upsertPersonas } from '../../../src/server/integrations/reniec/mirror';
import { upsertContribuyentes } from '../../../src/server/integrations/sunat/mirror';
import type { VehiculoInput } from '../../../src/server/integrations/vehiculos/index';
import { upsertVehiculos } from '../../../src/server/integrations/vehiculos/mirror';
import { createTestApp, type TestApp } from '../helpers';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface Remote {
  url: string;
  hits: string[];
  handler: Handler;
  close(): Promise<void>;
}

async function startRemote(): Promise<Remote> {
  const remote = { hits: [] as string[], handler: ((_req, res) => res.writeHead(500).end()) as Handler } as Remote;
  const server = createServer((req, res) => {
    remote.hits.push(req.url ?? '');
    remote.handler(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  remote.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  remote.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return remote;
}

const json =
  (body: unknown, status = 200): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

let t: TestApp;
let db: Db;
let remote: Remote;
const dir = mkdtempSync(join(tmpdir(), 'maq-import-'));

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  remote = await startRemote();
  await upsertPurchaseOrders(db, [
    {
      orden_id: 9001,
      nro_ordencompra: '0087',
      anio: 2026,
      proveedor: 'LUBRICANTES DEL CENTRO S.A.C.',
      proveedor_ruc: '20486512347',
      fecha_ordencompra: '2026-03-10',
      items: [
        {
          insumo_codigo: '01.01.0001',
          insumo_name: 'ACEITE DE MOTOR SAE 15W40',
          cantidad: 55,
          unimed: 'GLN',
          cotidet_marca: 'MOBIL DELVAC',
          precio_unitario: 61.5,
        },
        {
          insumo_codigo: '02.01.0003',
          insumo_name: 'FILTRO DE ACEITE 1R-0750',
          cantidad: 12.5,
          unimed: 'UND',
          cotidet_marca: null,
          precio_unitario: 84.9,
        },
      ],
      guias: [{ nro_guiaremision: 'T001-000345', fecha_guiaremision: '2026-03-14' }],
    },
  ]);
  await upsertServiceOrders(db, [
    {
      orden_id: 7001,
      nro_orden: '0120',
      anio: 2026,
      orden_fechadoc: '2026-04-02',
      pers_nombre: 'SERVICIOS HIDRAULICOS JUNIN E.I.R.L.',
      items: [
        {
          ordendet_item: 2,
          ordendet_desart: 'REPARACION DE BOMBA HIDRAULICA',
          reqadj_actividades: 'Desmontaje y sellado',
          reqadj_garantia: '6 meses',
          monto: 4200,
        },
        { ordendet_item: 1, ordendet_desart: 'CAMBIO DE MANGUERAS', reqadj_actividades: null, reqadj_garantia: '3 meses', monto: 960.5 },
      ],
    },
  ]);
  await upsertPersonas(db, [
    {
      dni: '40123456',
      prenombres: 'JUAN CARLOS',
      apPrimer: 'QUISPE',
      apSegundo: 'HUAMAN',
      direccion: 'JR. AYACUCHO 123',
      fecha_nac: '1980-05-04',
      celular: '964123456',
      email: null,
    },
  ]);
  await upsertContribuyentes(db, [
    { ruc: '20486512347', razon_social: 'LUBRICANTES DEL CENTRO S.A.C.', direccion: 'AV. FERROCARRIL 1450' },
  ]);
  await upsertVehiculos(
    db,
    Array.from({ length: 25 }, (_, i): VehiculoInput => ({
      veh_placa: `EGX-${String(100 + i)}`,
      marca: 'KOMATSU',
      modelo: 'PC200',
      anio: 2020,
      descripcion: 'EXCAVADORA',
    })).concat([
      { veh_placa: 'ABC-725', marca: 'VOLVO', modelo: 'FMX', anio: 2018, descripcion: 'VOLQUETE' },
      { veh_placa: 'A1_%-99', marca: null, modelo: null, anio: null, descripcion: null },
    ]),
  );
});

afterAll(async () => {
  await remote?.close();
  await t?.close();
});

describe('local integrations (mirror tables)', () => {
  it('finds a purchase order ignoring leading zeros, with items, brands and delivery notes', async () => {
    const { logistica } = integrations({}, db);
    const order = await logistica.getPurchaseOrder('87', 2026);
    expect(order).toMatchObject({
      orden_id: 9001,
      nro_ordencompra: '0087',
      anio: 2026,
      proveedor: 'LUBRICANTES DEL CENTRO S.A.C.',
      fecha_ordencompra: '2026-03-10',
    });
    expect(order?.items).toEqual([
      {
        insumo_codigo: '01.01.0001',
        insumo_name: 'ACEITE DE MOTOR SAE 15W40',
        cantidad: 55,
        unimed: 'GLN',
        cotidet_marca: 'MOBIL DELVAC',
        precio_unitario: 61.5,
      },
      {
        insumo_codigo: '02.01.0003',
        insumo_name: 'FILTRO DE ACEITE 1R-0750',
        cantidad: 12.5,
        unimed: 'UND',
        cotidet_marca: null,
        precio_unitario: 84.9,
      },
    ]);
    expect(order?.guias).toEqual([{ nro_guiaremision: 'T001-000345', fecha_guiaremision: '2026-03-14' }]);
    expect(await logistica.getPurchaseOrder('0087', 2025)).toBeNull();
    expect(await logistica.getPurchaseOrder('', 2026)).toBeNull();
  });

  it('lists the items of a service order in item order', async () => {
    const items = await integrations({}, db).logistica.getServiceOrder('120', 2026);
    expect(items.map((i) => i.ordendet_item)).toEqual([1, 2]);
    expect(items[1]).toEqual({
      ordendet_desart: 'REPARACION DE BOMBA HIDRAULICA',
      reqadj_actividades: 'Desmontaje y sellado',
      reqadj_garantia: '6 meses',
      pers_nombre: 'SERVICIOS HIDRAULICOS JUNIN E.I.R.L.',
      orden_fechadoc: '2026-04-02',
      orden_id: 7001,
      ordendet_item: 2,
      monto: 4200,
    });
    expect(await integrations({}, db).logistica.getServiceOrder('999', 2026)).toEqual([]);
  });

  it('finds people by DNI and taxpayers by RUC, refusing malformed numbers', async () => {
    const { reniec, sunat } = integrations({}, db);
    const p = await reniec.findByDni('40123456');
    expect(p).toMatchObject({
      dni: '40123456',
      prenombres: 'JUAN CARLOS',
      apPrimer: 'QUISPE',
      apSegundo: 'HUAMAN',
      fecha_nac: '1980-05-04',
      celular: '964123456',
      email: null,
    });
    expect(p?.indiv_id).toBeGreaterThan(0);
    expect(await reniec.findByDni('4012345')).toBeNull();
    expect(await reniec.findByDni('99999999')).toBeNull();
    expect(await sunat.findByRuc('20486512347')).toEqual({
      ruc: '20486512347',
      razon_social: 'LUBRICANTES DEL CENTRO S.A.C.',
      direccion: 'AV. FERROCARRIL 1450',
    });
    expect(await sunat.findByRuc('2048651234')).toBeNull();
  });

  it('suggests at most 20 plates, case-insensitive, ignoring dashes, with LIKE characters taken literally', async () => {
    const { vehiculos } = integrations({}, db);
    const many = await vehiculos.search('egx');
    expect(many).toHaveLength(20);
    expect(many[0]).toMatchObject({ veh_placa: 'EGX-100', marca: 'KOMATSU', anio: 2020 });
    expect((await vehiculos.search('abc725')).map((v) => v.veh_placa)).toEqual(['ABC-725']);
    expect((await vehiculos.search('c-72')).map((v) => v.veh_placa)).toEqual(['ABC-725']);
    expect((await vehiculos.search('_%')).map((v) => v.veh_placa)).toEqual(['A1_%-99']);
    expect(await vehiculos.search('  ')).toEqual([]);
  });
});

describe('HTTP integrations (write-through to the mirror, fallback to it)', () => {
  const failures: string[] = [];
  const http = () =>
    integrations(
      {
        LOGISTICA_URL: `${remote.url}logistica`,
        RENIEC_URL: `${remote.url}reniec/`,
        SUNAT_URL: `${remote.url}sunat`,
        VEHICULOS_URL: `${remote.url}vehiculos`,
      },
      db,
      // Generous enough that a loaded CI machine's loopback answers in time; the timeout case waits longer.
      { timeoutMs: 2000, onError: (source) => failures.push(source) },
    );

  it('maps a remote purchase order, stores it in the mirror and answers offline afterwards', async () => {
    remote.handler = json({
      orden_id: '9100',
      nro_ordencompra: '0450',
      anio: 2026,
      proveedor: 'FERRETERIA EL MINERO S.R.L.',
      proveedor_ruc: '20568741239',
      fecha_ordencompra: '12/08/2026',
      items: [
        {
          insumo_codigo: '05.01.0002',
          insumo_name: 'PERNO DE CUCHILLA 5/8"',
          cantidad: '40',
          unimed: 'UND',
          cotidet_marca: 'CAT',
          precio_unitario: '6.55',
        },
      ],
      guias: [{ nro_guiaremision: 'EG01-000912', fecha_guiaremision: '2026-08-20T10:00:00-05:00' }],
    });
    const order = await http().logistica.getPurchaseOrder('450', 2026);
    expect(remote.hits.at(-1)).toBe('/api/logistica/ordenes-compra/2026/450');
    expect(order).toEqual({
      orden_id: 9100,
      nro_ordencompra: '0450',
      anio: 2026,
      proveedor: 'FERRETERIA EL MINERO S.R.L.',
      proveedor_ruc: '20568741239',
      fecha_ordencompra: '2026-08-12',
      items: [
        {
          insumo_codigo: '05.01.0002',
          insumo_name: 'PERNO DE CUCHILLA 5/8"',
          cantidad: 40,
          unimed: 'UND',
          cotidet_marca: 'CAT',
          precio_unitario: 6.55,
        },
      ],
      guias: [{ nro_guiaremision: 'EG01-000912', fecha_guiaremision: '2026-08-20' }],
    });
    expect(await integrations({}, db).logistica.getPurchaseOrder('0450', 2026)).toEqual(order);

    // The remote changes the order: the mirror copy is replaced, not duplicated.
    remote.handler = json({
      ...JSON.parse(JSON.stringify(order)),
      items: [{ insumo_codigo: '05.01.0002', insumo_name: 'PERNO', cantidad: 10, unimed: 'UND' }],
      guias: [],
    });
    const again = await http().logistica.getPurchaseOrder('0450', 2026);
    // An older system that sends no price leaves the line unvalued (0).
    expect(again?.items).toEqual([
      { insumo_codigo: '05.01.0002', insumo_name: 'PERNO', cantidad: 10, unimed: 'UND', cotidet_marca: null, precio_unitario: 0 },
    ]);
    expect((await integrations({}, db).logistica.getPurchaseOrder('450', 2026))?.guias).toEqual([]);
  });

  it('falls back to the mirror on a server error, a timeout, a malformed answer or a 404', async () => {
    failures.length = 0;
    remote.handler = (_req, res) => res.writeHead(503).end('down');
    expect((await http().logistica.getPurchaseOrder('87', 2026))?.orden_id).toBe(9001);
    remote.handler = (_req, res) => setTimeout(() => res.writeHead(200).end('{}'), 5000);
    const started = Date.now();
    expect((await http().reniec.findByDni('40123456'))?.prenombres).toBe('JUAN CARLOS');
    expect(Date.now() - started).toBeLessThan(4500);
    remote.handler = json({ unexpected: true });
    expect((await http().sunat.findByRuc('20486512347'))?.razon_social).toBe('LUBRICANTES DEL CENTRO S.A.C.');
    remote.handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('not json');
    expect((await http().logistica.getServiceOrder('120', 2026)).length).toBe(2);
    expect(failures).toEqual(['logistica', 'reniec', 'sunat', 'logistica']);
    remote.handler = json({ message: 'no existe' }, 404);
    expect((await http().reniec.findByDni('40123456'))?.apPrimer).toBe('QUISPE');
    expect(await http().reniec.findByDni('11111111')).toBeNull();
    expect(failures).toHaveLength(4);
  });

  it('falls back to the mirror when the remote host refuses connections', async () => {
    const dead = integrations({ SUNAT_URL: 'http://127.0.0.1:9/' }, db, { timeoutMs: 2000 });
    expect((await dead.sunat.findByRuc('20486512347'))?.ruc).toBe('20486512347');
  });

  it('writes RENIEC and SUNAT answers through to the mirror', async () => {
    remote.handler = (req, res) => {
      if (req.url === '/api/reniec/dni/45879632')
        json({
          dni: '45879632',
          prenombres: 'ROSA MARIA',
          apPrimer: 'PALOMINO',
          apSegundo: null,
          direccion: 'PSJE. LOS ANDES 45',
          fechaNacimiento: '1990-11-30',
          celular: '987654321',
        })(req, res);
      else if (req.url === '/api/sunat/ruc/20600011122') json({ ruc: '20600011122', razonSocial: 'CONSTRUCTORA WARI S.A.C.' })(req, res);
      else res.writeHead(404).end();
    };
    const person = await http().reniec.findByDni('45879632');
    expect(person).toMatchObject({
      dni: '45879632',
      prenombres: 'ROSA MARIA',
      apPrimer: 'PALOMINO',
      apSegundo: '',
      fecha_nac: '1990-11-30',
      email: null,
    });
    expect(person?.indiv_id).toBeGreaterThan(0);
    expect(await integrations({}, db).reniec.findByDni('45879632')).toEqual(person);
    expect(await http().sunat.findByRuc('20600011122')).toEqual({
      ruc: '20600011122',
      razon_social: 'CONSTRUCTORA WARI S.A.C.',
      direccion: null,
    });
    expect((await integrations({}, db).sunat.findByRuc('20600011122'))?.razon_social).toBe('CONSTRUCTORA WARI S.A.C.');
  });

  it('stores service orders and vehicle suggestions, giving vehicles a mirror id', async () => {
    remote.handler = (req, res) => {
      if (req.url === '/api/logistica/ordenes-servicio/2025/0033')
        json({
          orden_id: 7100,
          nro_orden: '0033',
          anio: 2025,
          orden_fechadoc: '2025-09-01',
          pers_nombre: 'TALLER MECANICO SAN JUAN',
          items: [{ ordendet_item: 1, ordendet_desart: 'OVERHAUL DE MOTOR', reqadj_garantia: '1 año', monto: '18500.456' }],
        })(req, res);
      else if (req.url?.startsWith('/api/vehiculos/vehiculos?q='))
        json({
          items: [
            { placa: 'f5k-881', marca: 'INTERNATIONAL', modelo: '7600', anio: '2009', descripcion: 'VOLQUETE' },
            { placa: 'F5K-990', anio: 'sin dato' },
          ],
        })(req, res);
      else res.writeHead(404).end();
    };
    const items = await http().logistica.getServiceOrder('0033', 2025);
    expect(items).toEqual([
      {
        ordendet_desart: 'OVERHAUL DE MOTOR',
        reqadj_actividades: null,
        reqadj_garantia: '1 año',
        pers_nombre: 'TALLER MECANICO SAN JUAN',
        orden_fechadoc: '2025-09-01',
        orden_id: 7100,
        ordendet_item: 1,
        monto: 18500.46,
      },
    ]);
    expect(await integrations({}, db).logistica.getServiceOrder('33', 2025)).toEqual(items);

    const found = await http().vehiculos.search('f5k');
    expect(remote.hits.at(-1)).toBe('/api/vehiculos/vehiculos?q=f5k');
    expect(found.map((v) => [v.veh_placa, v.anio])).toEqual([
      ['F5K-881', 2009],
      ['F5K-990', null],
    ]);
    expect(found.every((v) => v.veh_id > 0)).toBe(true);
    expect(await integrations({}, db).vehiculos.search('F5K-8')).toEqual([found[0]]);
  });

  it('uses the local mirror for every system whose URL is not configured', async () => {
    const hits = remote.hits.length;
    const mixed = integrations({ RENIEC_URL: `${remote.url}reniec` }, db);
    expect(await mixed.sunat.findByRuc('20486512347')).not.toBeNull();
    expect(await mixed.vehiculos.search('ABC')).toHaveLength(1);
    expect(remote.hits.length).toBe(hits);
    await mixed.reniec.findByDni('40123456');
    expect(remote.hits.length).toBe(hits + 1);
  });
});

describe('import of CSV and XLSX files into the mirror tables', () => {
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('imports good CSV rows and reports bad ones by line number, in Spanish, without importing them', async () => {
    const path = file(
      'personas.csv',
      '\uFEFFDNI;Prenombres;Apellido Paterno;ap_segundo;direccion;fecha_nac;celular;email\r\n' +
        '41234567;LUIS ALBERTO;MENDOZA;ROJAS;"JR. LIMA 450,\nEL TAMBO";15/03/1985;951000111;luis@gmail.com\r\n' +
        '1234567;ANA;SOTO;;;1999-02-28;;\r\n' +
        '\r\n' +
        '4123A567;PEDRO;RAMOS;;;;;\r\n' +
        '42345678;;CHAVEZ;;;2001-02-30;;correo-malo\r\n',
    );
    const report = await importFile(db, 'personas', path);
    expect(report).toMatchObject({ total: 4, imported: 2 });
    expect(report.errors.map((e) => e.line)).toEqual([6, 7]);
    expect(report.errors[0].message).toBe('Línea 6: dni: El DNI debe tener 8 dígitos');
    expect(report.errors[1].message).toContain('prenombres: Campo obligatorio');
    expect(report.errors[1].message).toContain('fecha_nac: Fecha inválida (AAAA-MM-DD)');
    expect(report.errors[1].message).toContain('email: Correo electrónico inválido');
    expect(formatReport(report).split('\n')[0]).toBe(MSG.importSummary('personas', 'personas.csv', 4, 2, 2));
    const { reniec } = integrations({}, db);
    expect(await reniec.findByDni('41234567')).toMatchObject({
      apPrimer: 'MENDOZA',
      direccion: 'JR. LIMA 450,\nEL TAMBO',
      fecha_nac: '1985-03-15',
    });
    expect(await reniec.findByDni('01234567')).toMatchObject({ prenombres: 'ANA', apSegundo: '' });
    expect(await reniec.findByDni('42345678')).toBeNull();

    // Importing again updates (upsert) instead of failing on the key.
    await importFile(db, 'personas', file('personas2.csv', 'dni,prenombres,ap_primer\n41234567,LUIS A.,MENDOZA\n'));
    expect((await reniec.findByDni('41234567'))?.prenombres).toBe('LUIS A.');
  });

  it('rejects a file without the required columns or with an unknown format', async () => {
    const report = await importFile(db, 'contribuyentes', file('c.csv', 'ruc,nombre\n20486512347,X\n'));
    expect(report.fatal).toBe(MSG.importMissingColumns('razon_social'));
    expect(report.imported).toBe(0);
    expect((await importFile(db, 'vehiculos', file('v.ods', 'x'))).fatal).toBe(MSG.importUnsupportedFile);
    // Only one lost leading zero is restored: a 3-digit DNI is an error, not 00000123.
    const short = await importFile(db, 'personas', file('p3.csv', 'dni,prenombres,ap_primer\n123,ANA,SOTO\n'));
    expect(short).toMatchObject({ imported: 0, errors: [{ line: 2, message: 'Línea 2: dni: El DNI debe tener 8 dígitos' }] });
    expect((await importFile(db, 'vehiculos', join(dir, 'no-existe.csv'))).fatal).toBe(
      MSG.importFileUnreadable(join(dir, 'no-existe.csv')),
    );
  });

  it('groups purchase-order lines into orders and skips an order with any bad line', async () => {
    const head =
      'orden_id,nro_ordencompra,anio,proveedor,proveedor_ruc,fecha_ordencompra,insumo_codigo,insumo_name,cantidad,unimed,marca,nro_guiaremision,fecha_guiaremision,precio_unitario\n';
    const report = await importFile(
      db,
      'ordenes-compra',
      file(
        'oc.csv',
        head +
          '9200,0501,2026,DISTRIBUIDORA ANDINA SAC,20512345671,2026-09-01,02.01.0001,FILTRO DE AIRE,4,UND,DONALDSON,T001-100,2026-09-05,180.5\n' +
          '9200,0501,2026,DISTRIBUIDORA ANDINA SAC,20512345671,2026-09-01,02.01.0002,FILTRO DE COMBUSTIBLE,"6,5",UND,FLEETGUARD,T001-100,2026-09-05,"95,12345"\n' +
          '9200,0501,2026,DISTRIBUIDORA ANDINA SAC,20512345671,2026-09-01,01.01.0001,ACEITE 15W40,10,GLN,,T001-101,2026-09-06,\n' +
          '9201,0502,2026,OTRO PROVEEDOR,,2026-09-02,01.01.0001,ACEITE,abc,GLN,,,,\n' +
          '9201,0502,2026,OTRO PROVEEDOR,,2026-09-02,01.01.0002,GRASA,5,KG,,,,\n' +
          '9202,0503,2026,PROVEEDOR A,,2026-09-03,01.01.0001,ACEITE,5,GLN,,,,\n' +
          '9202,0503,2026,PROVEEDOR B,,2026-09-03,01.01.0002,GRASA,5,KG,,,,\n' +
          '9203,501,2026,DUPLICADO,,2026-09-03,01.01.0002,GRASA,5,KG,,,,\n',
      ),
    );
    expect(report).toMatchObject({ total: 8, imported: 3 });
    expect(report.errors.map((e) => e.line)).toEqual([5, 6, 7, 8, 9]);
    expect(report.errors[0].message).toBe('Línea 5: cantidad: Debe ser un número');
    expect(report.errors[1].message).toBe(`Línea 6: ${MSG.importOrderSkipped(9201, '5')}`);
    expect(report.errors[3].message).toBe(`Línea 8: ${MSG.importOrderInconsistent('proveedor', 7)}`);
    expect(report.errors[4].message).toBe(`Línea 9: ${MSG.importOrderDuplicate(2)}`);
    const order = await integrations({}, db).logistica.getPurchaseOrder('501', 2026);
    // The unit price: a comma decimal, kept to 4 decimals; an empty cell is 0.
    expect(order?.items.map((i) => [i.insumo_codigo, i.cantidad, i.cotidet_marca, i.precio_unitario])).toEqual([
      ['02.01.0001', 4, 'DONALDSON', 180.5],
      ['02.01.0002', 6.5, 'FLEETGUARD', 95.1235],
      ['01.01.0001', 10, null, 0],
    ]);
    expect(order?.guias).toEqual([
      { nro_guiaremision: 'T001-100', fecha_guiaremision: '2026-09-05' },
      { nro_guiaremision: 'T001-101', fecha_guiaremision: '2026-09-06' },
    ]);
    expect(await integrations({}, db).logistica.getPurchaseOrder('502', 2026)).toBeNull();
  });

  it('reads XLSX sheets: typed cells, dates, numbers without leading zeros, service orders', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Personas');
    ws.addRow(['DNI', 'Prenombres', 'Ap Primer', 'Ap Segundo', 'Fecha Nac']);
    ws.addRow([7654321, 'MARIA', 'CCORA', { richText: [{ text: 'LAU' }, { text: 'RA' }] }, new Date(Date.UTC(1975, 0, 31))]);
    ws.addRow([]);
    ws.addRow(['87654321', 'JOSE', '', 'PEREZ', 'ayer']);
    const path = join(dir, 'personas.xlsx');
    await wb.xlsx.writeFile(path);
    const report = await importFile(db, 'personas', path);
    expect(report).toMatchObject({ total: 2, imported: 1 });
    expect(report.errors).toEqual([{ line: 4, message: 'Línea 4: ap_primer: Campo obligatorio; fecha_nac: Fecha inválida (AAAA-MM-DD)' }]);
    expect(await integrations({}, db).reniec.findByDni('07654321')).toMatchObject({
      apPrimer: 'CCORA',
      apSegundo: 'LAURA',
      fecha_nac: '1975-01-31',
    });

    const so = new ExcelJS.Workbook();
    const s = so.addWorksheet('OS');
    s.addRow([
      'orden_id',
      'nro_orden',
      'anio',
      'orden_fechadoc',
      'pers_nombre',
      'ordendet_item',
      'ordendet_desart',
      'reqadj_garantia',
      'importe',
    ]);
    s.addRow([7200, '0077', 2026, new Date(Date.UTC(2026, 5, 10)), 'TALLER EL PROGRESO', 1, 'CAMBIO DE EMBRAGUE', '6 meses', 2350.5]);
    s.addRow([7200, '0077', 2026, new Date(Date.UTC(2026, 5, 10)), 'TALLER EL PROGRESO', 2, 'RECTIFICADO DE VOLANTE', null, null]);
    const soPath = join(dir, 'os.xlsx');
    await so.xlsx.writeFile(soPath);
    expect(await importFile(db, 'ordenes-servicio', soPath)).toMatchObject({ total: 2, imported: 2, errors: [] });
    const items = await integrations({}, db).logistica.getServiceOrder('77', 2026);
    expect(items.map((i) => [i.ordendet_item, i.orden_fechadoc, i.reqadj_garantia, i.monto])).toEqual([
      [1, '2026-06-10', '6 meses', 2350.5],
      [2, '2026-06-10', null, 0],
    ]);
  });

  it('imports vehicles and taxpayers, normalising plates', async () => {
    const v = await importFile(
      db,
      'vehiculos',
      file('veh.csv', 'placa,marca,modelo,anio,descripcion\negl 777,CAT,140K,2014,MOTONIVELADORA\nX,,,,\nEGL-778,CAT,,20x4,\n'),
    );
    expect(v.imported).toBe(1);
    expect(v.errors.map((e) => e.line)).toEqual([3, 4]);
    expect((await integrations({}, db).vehiculos.search('egl777'))[0]).toMatchObject({ veh_placa: 'EGL777', anio: 2014 });
    const c = await importFile(
      db,
      'contribuyentes',
      file('ctb.csv', 'ruc,razon_social\n20111222333,EMPRESA UNO\n2011122233,EMPRESA DOS\n'),
    );
    expect(c).toMatchObject({ imported: 1, errors: [{ line: 3, message: 'Línea 3: ruc: El RUC debe tener 11 dígitos' }] });
  });

  it('counts CSV lines across quoted line breaks', () => {
    const sheet = readCsv('a,b\n"x\ny\nz",1\n\n2,3\n');
    expect(sheet.rows.map((r) => r.line)).toEqual([2, 6]);
  });
});
