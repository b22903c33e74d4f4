// Demo seed (SEED=demo): counts of every area, stock = kardex for every supply, valuation and report
// totals in cents, wear bands, links to the external systems' mirrors, demo users, and the empty-DB guard.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../../src/shared/domain/money';
import type { Db } from '../../../src/server/db/client';
import { seedDemo, type DemoSummary } from '../../../src/server/db/seed/demo';
import { seedIfEmpty } from '../../../src/server/db/seed/index';
import { demoGuide } from '../../../src/server/db/seed/demo-guia';
import { integrations } from '../../../src/server/integrations/index';
import { verifyPassword } from '../../../src/server/lib/passwords';
import { limaDate } from '../../../src/shared/domain/dates';
import { addDays } from '../../../src/server/db/seed/demo-util';
import { TEST_PASSWORD, type TestApp, createTestApp } from '../helpers';
import { MENU, PERMISSION_TREE, ROLE, type PermissionNode } from '../../../src/shared/auth/permissions';

/** [menu id, id of the menu node it sits under] for every menu id of the permission tree below a group. */
function menuParents(): [number, number][] {
  const menuIds = new Set<number>(Object.values(MENU));
  const out: [number, number][] = [];
  const walk = (nodes: PermissionNode[], parent?: number) => {
    for (const node of nodes) {
      if (!menuIds.has(node.value)) continue;
      if (parent !== undefined) out.push([node.value, parent]);
      walk(node.children ?? [], node.value);
    }
  };
  walk(PERMISSION_TREE);
  return out;
}

let t: TestApp;
let db: Db;
let summary: DemoSummary;

const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>): Promise<T[]> => {
  const res = (await db.execute(q)) as unknown as { rows: T[] };
  return res.rows;
};
const count = async (table: string, where = 'true') =>
  Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table} where ${where}`)))[0].n);

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  summary = await seedDemo(db);
});
afterAll(() => t?.close());

describe('seedDemo', () => {
  it('fills every area with the expected amounts', async () => {
    const expected: [string, number, string?][] = [
      ['maquinarias', 12],
      ['operadores', 15],
      ['insumos', 41],
      ['usuarios', 4],
      ['actividades', 12],
      ['actividades', 2, 'activ_estado = 0'],
      ['costos', 3],
      ['costos_det', 17],
      ['ext_ordenes_compra', 15],
      ['ext_ordenes_servicio', 8],
      ['ext_personas', 25],
      ['ext_contribuyentes', 10],
      ['ext_vehiculos', 20],
      ['ingresos', 7],
      ['fallas', 4, 'estado = 0'],
      ['fallas', 5, 'estado = 1'],
      ['reparaciones', 5],
      ['pedidos', 3, 'estado = 0'],
      ['pedidos', 5, 'estado = 1'],
      ['valorizaciones', 2],
    ];
    for (const [table, n, where] of expected)
      expect(`${table} ${where ?? ''}: ${await count(table, where)}`).toBe(`${table} ${where ?? ''}: ${n}`);
    expect(await count('partes_diarios')).toBe(summary.partes);
    expect(summary.partes).toBeGreaterThan(300);
    expect(await count('salidas')).toBe(summary.salidas);
    expect(summary.salidas).toBeGreaterThanOrEqual(25);
    expect(await count('movimientos')).toBe(summary.movimientos);
    expect(await count('insumos_maquinaria')).toBe(summary.asignaciones);
    expect(await count('cambios_insumo')).toBe(summary.cambios);
    expect(summary.cambios).toBeGreaterThan(10);
    // Most purchase orders are still waiting to be entered.
    expect(await count('ext_ordenes_compra o', 'not exists (select 1 from ingresos i where i.orden_id = o.orden_id)')).toBe(8);
  });

  it('keeps stock equal to the kardex (Σ ingreso − Σ salida) for every supply, never negative', async () => {
    const bad = await rows(sql`
      select i.insumo_codigo, i.stock, coalesce(sum(m.ingreso - m.salida), 0) as ledger
      from insumos i left join movimientos m on m.insumo_id = i.id
      group by i.id having i.stock <> coalesce(sum(m.ingreso - m.salida), 0) or i.stock < 0`);
    expect(bad).toEqual([]);
    // The running balance never dips below zero either, in kardex order.
    const dips = await rows(sql`
      select * from (select insumo_id, sum(ingreso - salida) over (partition by insumo_id order by fecha, id) as saldo from movimientos) s where saldo < 0`);
    expect(dips).toEqual([]);
    expect(await count('insumos', 'stock > 0')).toBeGreaterThan(25);
  });

  it('prices every demo order line in soles and values the kardex with them: stock value = last balance ≈ stock × average', async () => {
    expect(await count('ext_ordenes_compra_det', 'precio_unitario <= 0')).toBe(0);
    expect(await count('ingresos_det', 'precio_unitario <= 0')).toBe(0);
    const off = await rows(sql`
      select i.insumo_codigo from insumos i
      left join lateral (select saldo_importe from movimientos m where m.insumo_id = i.id order by fecha desc, id desc limit 1) l on true
      where i.valor_stock <> coalesce(l.saldo_importe, 0) or abs(i.stock * i.costo_promedio - i.valor_stock) > 0.01
         or (i.stock > 0 and i.valor_stock <= 0)`);
    expect(off).toEqual([]);
    // Diesel by the gallon costs about S/ 16 and a truck tyre about S/ 1,800.
    const [diesel] = await rows(sql`select costo_promedio::float8 as c from insumos where insumo_codigo = '01.02.0001'`);
    expect((diesel as { c: number }).c).toBeGreaterThan(14);
    expect((diesel as { c: number }).c).toBeLessThan(17);
  });

  it('writes one kardex row per entry and exit line, with its document and quantity', async () => {
    expect(await count('movimientos', `tipo = 'INGRESO' and ingreso_det_id is null`)).toBe(0);
    expect(await count('movimientos', `tipo = 'SALIDA' and salida_det_id is null`)).toBe(0);
    expect(
      await count(
        'movimientos m',
        `m.tipo = 'INGRESO' and not exists (select 1 from ingresos_det d join ingresos i on i.id = d.ingreso_id
        where d.id = m.ingreso_det_id and d.cantidad = m.ingreso and d.insumo_id = m.insumo_id and i.fecha = m.fecha and i.proveedor = m.proveedor)`,
      ),
    ).toBe(0);
    expect(
      await count(
        'movimientos m',
        `m.tipo = 'SALIDA' and not exists (select 1 from salidas_det d join salidas s on s.id = d.salida_id join maquinarias q on q.id = s.maquinaria_id
        where d.salida_det_id = m.salida_det_id and d.cantidad = m.salida and s.nro_vale = m.nro_guiaremision and q.placa = m.proveedor and s.fecha = m.fecha)`,
      ),
    ).toBe(0);
    expect(await count('ingresos_det')).toBe(await count('movimientos', `tipo = 'INGRESO'`));
    expect(await count('salidas_det')).toBe(await count('movimientos', `tipo = 'SALIDA'`));
    // Entries copy their purchase order's lines and delivery notes.
    expect(
      await count(
        'ingresos i',
        `(select count(*) from ingresos_det d where d.ingreso_id = i.id) <> (select count(*) from ext_ordenes_compra_det e where e.orden_id = i.orden_id)
        or (select count(*) from guias_remision g where g.ingreso_id = i.id) <> (select count(*) from ext_guias_remision e where e.orden_id = i.orden_id)`,
      ),
    ).toBe(0);
  });

  it('prices every report line (cents) and totals each report', async () => {
    const lines = await rows<{ cantid: number; preuni: number; pretot: number }>(
      sql`select cantid::float8 as cantid, preuni::float8 as preuni, pretot::float8 as pretot from partes_diarios_det`,
    );
    for (const l of lines) expect(toCents(l.pretot)).toBe(Math.round((toCents(l.cantid) * toCents(l.preuni)) / 100));
    expect(
      await count('partes_diarios p', 'p.monto <> (select sum(d.pretot) from partes_diarios_det d where d.parte_id = p.parte_id)'),
    ).toBe(0);
    const today = limaDate();
    expect(await count('partes_diarios', `fecha < '${addDays(today, -60)}' or fecha >= '${today}'`)).toBe(0);
    expect(await count('partes_diarios', 'valoriza_id is null')).toBeGreaterThan(summary.partes * 0.9);
  });

  it('computes the valuations from their reports: × 1.18, 10 % detraction above 700 for rubro 1', async () => {
    const vals = await rows<{
      rubro: number;
      subtotal: number;
      monto: number;
      monto_detraccion: number;
      monto_deposito: number;
      reports: number;
      sum: number;
    }>(sql`
      select v.rubro, v.subtotal::float8 as subtotal, v.monto::float8 as monto, v.monto_detraccion::float8 as monto_detraccion,
        v.monto_deposito::float8 as monto_deposito, count(p.*)::int as reports, coalesce(sum(p.monto), 0)::float8 as sum
      from valorizaciones v left join partes_diarios p on p.valoriza_id = v.valoriza_id group by v.valoriza_id order by v.valoriza_id`);
    expect(vals.map((v) => v.rubro)).toEqual([1, 2]);
    for (const v of vals) {
      expect(v.reports).toBeGreaterThan(0);
      expect(toCents(v.subtotal)).toBe(toCents(v.sum));
      const monto = Math.round((toCents(v.subtotal) * 118) / 100);
      expect(toCents(v.monto)).toBe(monto);
      const detraccion = v.rubro === 1 && monto > 70_000 ? Math.round(monto / 10) : 0;
      expect(toCents(v.monto_detraccion)).toBe(detraccion);
      expect(toCents(v.monto_deposito)).toBe(monto - detraccion);
    }
    expect(vals[0].monto_detraccion).toBeGreaterThan(0);
    expect(await count('valorizaciones', `cta_detraccion is null or cta_deposito is null`)).toBe(0);
  });

  it('assigns parts with ordered limits, consistent change history and every wear band', async () => {
    expect(await count('insumos_maquinaria', 'not (hour_warning < hour_critical and hour_critical <= horas_limite)')).toBe(0);
    expect(
      await count(
        'insumos_maquinaria im',
        `im.last_date_mantenimiento is distinct from (select max(c.fecha) from cambios_insumo c where c.insumo_maq_id = im.insumo_maq_id)`,
      ),
    ).toBe(0);
    expect(await count('cambios_insumo', 'horas_acumuladas <= 0 or horometro_vehiculo < horometro_pdiario')).toBe(0);
    const bands = await rows<{ band: string; n: number }>(sql`
      with c as (
        select im.*, coalesce((select sum(d.cantid) from partes_diarios p join partes_diarios_det d on d.parte_id = p.parte_id
          where p.maquinaria_id = m.id and d.unidad = case when m.horometro then 'HORA' else 'KM' end
            and p.fecha > coalesce(im.last_date_mantenimiento, im.create_insumo_maq::date)), 0) as contador
        from insumos_maquinaria im join maquinarias m on m.id = im.maquinaria_id)
      select case when contador >= hour_critical then 'danger' when contador >= hour_warning then 'warning' else 'info' end as band, count(*)::int as n
      from c group by 1 order by 1`);
    expect(bands.map((b) => b.band)).toEqual(['danger', 'info', 'warning']);
  });

  it('models the fleet: states 0-3, hour meters for heavy machines, km for trucks, reports stop when a machine stops', async () => {
    const states = await rows<{ estado: number }>(sql`select distinct estado from maquinarias order by estado`);
    expect(states.map((s) => s.estado)).toEqual([0, 1, 2, 3]);
    expect(await count('maquinarias', `horometro = false`)).toBe(4);
    expect(await count('maquinarias', `horometro = false and descripcion not like 'VOLQUETE%' and descripcion not like 'CAMION%'`)).toBe(0);
    expect(
      await count(
        'partes_diarios_det d join partes_diarios p on p.parte_id = d.parte_id join maquinarias m on m.id = p.maquinaria_id',
        `d.unidad <> case when m.horometro then 'HORA' else 'KM' end`,
      ),
    ).toBe(0);
    // Every stopped machine has a pending failure, and a repaired failure has exactly one repair.
    expect(
      await count('maquinarias m', `m.estado <> 0 and not exists (select 1 from fallas f where f.maquinaria_id = m.id and f.estado = 0)`),
    ).toBe(0);
    expect(await count('fallas f', `f.estado = 1 and (select count(*) from reparaciones r where r.falla_id = f.falla_id) <> 1`)).toBe(0);
    expect(
      await count(
        'reparaciones r',
        `not exists (select 1 from ext_ordenes_servicio_det d where d.orden_id = r.orden_id and d.ordendet_item = r.ordendet_item)`,
      ),
    ).toBe(0);
  });

  it('links machines and operators to the registries, which the integrations then answer', async () => {
    expect(
      await count('maquinarias m', `not exists (select 1 from ext_vehiculos v where v.veh_id = m.veh_id and v.veh_placa = m.placa)`),
    ).toBe(0);
    expect(await count('operadores o', `not exists (select 1 from ext_personas p where p.dni = o.dni and p.indiv_id = o.indiv_id)`)).toBe(
      0,
    );
    const ext = integrations({}, db);
    const [op] = await rows<{ dni: string }>(sql`select dni from operadores order by operador_id limit 1`);
    expect(await ext.reniec.findByDni(op.dni)).toMatchObject({ dni: op.dni, prenombres: 'WILFREDO', apPrimer: 'ROMERO' });
    const plates = (await ext.vehiculos.search('egl')).map((v) => v.veh_placa);
    expect(plates).toEqual(expect.arrayContaining(['EGL-123', 'EGL-348', 'EGL-905']));
    const [pending] = await rows<{ nro_ordencompra: string; anio: number }>(sql`
      select nro_ordencompra, anio from ext_ordenes_compra o where not exists (select 1 from ingresos i where i.orden_id = o.orden_id) order by fecha_ordencompra desc limit 1`);
    const order = await ext.logistica.getPurchaseOrder(pending.nro_ordencompra, pending.anio);
    expect(order?.items.length).toBeGreaterThan(0);
    expect(order?.guias.length).toBeGreaterThan(0);
    const [{ ruc }] = await rows<{ ruc: string }>(sql`select ndoc as ruc from valorizaciones where tipo_doc = 2`);
    expect((await ext.sunat.findByRuc(ruc))?.razon_social).toBe('CONSTRUCTORA E INVERSIONES SANTA ROSA S.A.C.');
    // Every RUC carries a valid SUNAT check digit.
    for (const { ruc: r } of await rows<{ ruc: string }>(sql`select ruc from ext_contribuyentes`)) {
      const sum = [...r.slice(0, 10)].reduce((s, ch, i) => s + Number(ch) * [5, 4, 3, 2, 7, 6, 5, 4, 3, 2][i], 0);
      expect(Number(r[10])).toBe((11 - (sum % 11)) % 10);
    }
  });

  it('prints at start what a first visit can try: the demo users and purchase orders not entered yet', async () => {
    const lines = await demoGuide(db);
    expect(lines.join('\n')).toContain('almacenero: ingresos, salidas');
    const orders = lines.find((l) => l.startsWith('Órdenes de compra de demostración sin ingresar'));
    const listed = orders?.split(': ')[1].split(', ') ?? [];
    expect(listed.length).toBeGreaterThan(0);
    for (const o of listed) {
      const [anio, nro] = o.split('-');
      expect(await count('ext_ordenes_compra', `anio = ${Number(anio)} and nro_ordencompra = '${nro}'`)).toBe(1);
      expect(
        await count(
          'ingresos i join ext_ordenes_compra o on o.orden_id = i.orden_id',
          `o.anio = ${Number(anio)} and o.nro_ordencompra = '${nro}'`,
        ),
      ).toBe(0);
    }
  });

  it('creates the demo users with their roles and the default password', async () => {
    const users = await rows<{ username: string; roles: number[]; password_hash: string; default_password: number }>(
      sql`select username, roles, password_hash, default_password from usuarios where username <> 'admin' order by username`,
    );
    expect(users.map((u) => u.username)).toEqual(['almacenero', 'consulta', 'supervisor']);
    for (const u of users) {
      expect(await verifyPassword(u.password_hash, TEST_PASSWORD)).toBe(true);
      expect(u.default_password).toBe(1);
    }
    const roles = Object.fromEntries(users.map((u) => [u.username, u.roles]));
    expect(roles.almacenero).toEqual(expect.arrayContaining([47, 48, 52, 56, 60, 46, 49, 50, 51, 53, 54, 55, 57, 58, 59]));
    expect(roles.supervisor).toEqual(expect.arrayContaining([30, 31, 32, 33, 17, 18, 23, 24]));
    expect(roles.consulta).toEqual(expect.arrayContaining([3, 47, 60]));
    expect(roles.consulta.filter((c) => [4, 5, 14, 19, 32, 49, 53, 57, 63].includes(c))).toEqual([]);

    // The side menu shows an entry only under a group the user holds: every menu id held comes with its group's.
    for (const u of users) {
      const held = new Set(u.roles);
      for (const [id, group] of menuParents())
        if (held.has(id)) expect({ user: u.username, id, group: held.has(group) }).toEqual({ user: u.username, id, group: true });
    }
    // Each job reaches its screens: the clerk the stock list under Reportes, the supervisor failures, daily reports
    // (inside Registrar valorizaciones), operators and repairs, with the buttons to record them.
    expect(roles.almacenero).toEqual(expect.arrayContaining([MENU.reportes, MENU.reporteInsumos]));
    expect(roles.supervisor).toEqual(
      expect.arrayContaining([
        MENU.mantenimientos,
        MENU.fallas,
        ROLE.fallaNuevo,
        MENU.valorizaciones,
        MENU.registrarValorizaciones,
        ROLE.parteDiarioNuevo,
        MENU.administrativo,
        MENU.operadores,
        ROLE.operadorNuevo,
        MENU.reparaciones,
        ROLE.reparacionNuevo,
      ]),
    );
  });

  it('seedIfEmpty leaves a database that already has users alone', async () => {
    const before = await count('maquinarias');
    expect(await seedIfEmpty(db, 'demo', TEST_PASSWORD)).toBe('skipped');
    expect(await count('maquinarias')).toBe(before);
    expect(await count('usuarios')).toBe(4);
  });
});
