// Demo records of the external systems' mirror tables: identity registry (operators and other citizens),
// tax registry, vehicle registry (the fleet's plates and some unregistered ones), purchase and service orders.
import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { extPersonas } from '../schema/index';
import { upsertPurchaseOrders, upsertServiceOrders } from '../../integrations/logistica/mirror';
import type { PurchaseOrder, ServiceOrder } from '../../integrations/logistica/index';
import { upsertPersonas } from '../../integrations/reniec/mirror';
import type { PersonaInput } from '../../integrations/reniec/index';
import { upsertContribuyentes } from '../../integrations/sunat/mirror';
import { upsertVehiculos } from '../../integrations/vehiculos/mirror';
import { DEMO_CUSTOMER, DEMO_ORDERS, DEMO_SUPPLIERS, DEMO_SUPPLIES, DEMO_WORKSHOPS, demoPrice } from './demo-data-almacen';
import { DEMO_MACHINES, UNREGISTERED_VEHICLES } from './demo-data-maquinarias';
import { DEMO_DISTRICTS, DEMO_PEOPLE, DEMO_STREETS } from './demo-data-personas';
import { ruc, type Clock, type Rng } from './demo-util';

export interface DemoPerson extends PersonaInput {
  indiv_id: number;
  sexo: 'M' | 'F';
}

export interface Mirror {
  people: DemoPerson[];
  vehIdByPlate: Map<string, number>;
  orders: PurchaseOrder[];
  /** Orders already entered into the warehouse, with the entry date. */
  entered: { order: PurchaseOrder; fecha: string }[];
  suppliers: { ruc: string; razon_social: string }[];
  workshops: { ruc: string; razon_social: string }[];
  customer: { ruc: string; razon_social: string };
}

const unaccent = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

function makePeople(r: Rng, c: Clock): PersonaInput[] {
  const used = new Set<string>();
  return DEMO_PEOPLE.map(([prenombres, apPrimer, apSegundo], i) => {
    let dni: string;
    do dni = String(r.int(10_000_000, 47_999_999));
    while (used.has(dni));
    used.add(dni);
    const year = c.year(c.today) - r.int(24, 58);
    return {
      dni,
      prenombres,
      apPrimer,
      apSegundo,
      direccion: `${r.pick(DEMO_STREETS)} ${r.int(100, 2999)}, ${r.pick(DEMO_DISTRICTS)} - HUANCAYO - JUNIN`,
      fecha_nac: `${year}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      celular: i % 7 === 6 ? null : `9${r.int(10_000_000, 99_999_999)}`,
      email:
        i % 4 === 3 ? null : `${unaccent(prenombres.split(' ')[0])}.${unaccent(apPrimer).replace(/\s+/g, '')}${r.int(1, 99)}@gmail.com`,
    };
  });
}

function makeOrders(r: Rng, c: Clock, suppliers: { razon_social: string; ruc: string }[]) {
  const orders: PurchaseOrder[] = [];
  const entered: { order: PurchaseOrder; fecha: string }[] = [];
  const perYear = new Map<number, number>();
  DEMO_ORDERS.forEach((o, i) => {
    const fecha = c.daysAgo(o.daysAgo);
    const anio = c.year(fecha);
    const seq = (perYear.get(anio) ?? 0) + r.int(18, 60);
    perYear.set(anio, seq);
    const guiaDay = Math.max(0, o.daysAgo - (o.enteredAfter ?? r.int(3, 6)));
    const serie = `EG0${r.int(1, 9)}`;
    const order: PurchaseOrder = {
      orden_id: 31_000 + i * 7,
      nro_ordencompra: String(seq).padStart(4, '0'),
      anio,
      proveedor: suppliers[o.supplier].razon_social,
      proveedor_ruc: suppliers[o.supplier].ruc,
      fecha_ordencompra: fecha,
      items: o.items.map(([code, cantidad, marca, name, unit]) => {
        const s = DEMO_SUPPLIES.find((d) => d[0] === code);
        return {
          insumo_codigo: code,
          insumo_name: s?.[1] ?? name ?? code,
          cantidad,
          unimed: s?.[2] ?? unit ?? 'UND',
          cotidet_marca: marca,
          precio_unitario: demoPrice(code, o.daysAgo),
        };
      }),
      guias: [{ nro_guiaremision: `${serie}-${String(r.int(1000, 99999)).padStart(8, '0')}`, fecha_guiaremision: c.daysAgo(guiaDay) }],
    };
    if (o.items.length > 4)
      order.guias.push({
        nro_guiaremision: `${serie}-${String(r.int(1000, 99999)).padStart(8, '0')}`,
        fecha_guiaremision: c.daysAgo(guiaDay),
      });
    orders.push(order);
    if (o.enteredAfter !== undefined) entered.push({ order, fecha: c.daysAgo(o.daysAgo - o.enteredAfter) });
  });
  return { orders, entered };
}

export async function seedMirror(db: Db, r: Rng, c: Clock, serviceOrders: ServiceOrder[]): Promise<Mirror> {
  const toTaxpayer = ([first10, razon_social, direccion]: [string, string, string]) => ({ ruc: ruc(first10), razon_social, direccion });
  const suppliers = DEMO_SUPPLIERS.map(toTaxpayer);
  const workshops = DEMO_WORKSHOPS.map(toTaxpayer);
  const customer = toTaxpayer(DEMO_CUSTOMER);
  await upsertContribuyentes(db, [...suppliers, ...workshops, customer]);

  const inputs = makePeople(r, c);
  await upsertPersonas(db, inputs);
  const ids = await db
    .select({ dni: extPersonas.dni, indiv_id: extPersonas.indiv_id })
    .from(extPersonas)
    .where(
      inArray(
        extPersonas.dni,
        inputs.map((p) => p.dni),
      ),
    );
  const people: DemoPerson[] = inputs.map((p, i) => ({
    ...p,
    indiv_id: ids.find((x) => x.dni === p.dni)?.indiv_id ?? 0,
    sexo: DEMO_PEOPLE[i][3],
  }));

  const vehicles = await upsertVehiculos(db, [
    ...DEMO_MACHINES.map((m) => ({ veh_placa: m.placa, marca: m.marca, modelo: m.modelo, anio: m.anio, descripcion: m.descripcion })),
    ...UNREGISTERED_VEHICLES,
  ]);

  const { orders, entered } = makeOrders(r, c, suppliers);
  await upsertPurchaseOrders(db, orders);
  await upsertServiceOrders(db, serviceOrders);
  return { people, vehIdByPlate: new Map(vehicles.map((v) => [v.veh_placa, v.veh_id])), orders, entered, suppliers, workshops, customer };
}
