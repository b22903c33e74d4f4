// Demo failures (pending and repaired) and the repairs done under service orders of the logistics
// mirror; some service orders are left for the clerk to register against the pending failures.
import type { Db } from '../client';
import { fallas, reparaciones } from '../schema/index';
import type { ServiceOrder } from '../../integrations/logistica/index';
import { DEMO_WORKSHOPS } from './demo-data-almacen';
import type { Clock } from './demo-util';

interface DemoFalla {
  placa: string;
  descripcion: string;
  detalle: string;
  daysAgo: number;
  /** The repair: days ago, service order (index in SERVICE_ORDERS) and item. */
  repair?: { daysAgo: number; os: number; item: number };
}

const FAILURES: DemoFalla[] = [
  {
    placa: 'EGM-214',
    descripcion: 'Fuga de aceite en el círculo de la hoja',
    detalle: 'Goteo constante en retenes del círculo; se observa pérdida de 2 galones por semana.',
    daysAgo: 55,
    repair: { daysAgo: 52, os: 0, item: 1 },
  },
  {
    placa: 'ABC-725',
    descripcion: 'Desgaste de zapatas de freno',
    detalle: 'Ruido metálico al frenar y recorrido largo del pedal.',
    daysAgo: 50,
    repair: { daysAgo: 48, os: 1, item: 1 },
  },
  {
    placa: 'EGK-562',
    descripcion: 'Rotura de manguera hidráulica del brazo',
    detalle: 'Manguera de alta presión reventada durante carguío de material.',
    daysAgo: 40,
    repair: { daysAgo: 36, os: 2, item: 1 },
  },
  {
    placa: 'EGL-348',
    descripcion: 'Falla eléctrica en el alternador',
    detalle: 'Testigo de carga encendido; batería se descarga durante la jornada.',
    daysAgo: 30,
    repair: { daysAgo: 27, os: 3, item: 1 },
  },
  {
    placa: 'EGT-117',
    descripcion: 'Rodillo inferior del tren de rodaje dañado',
    detalle: 'Rodillo inferior lado izquierdo con juego excesivo y fuga de aceite.',
    daysAgo: 20,
    repair: { daysAgo: 15, os: 4, item: 1 },
  },
  {
    placa: 'F4K-881',
    descripcion: 'Motor no arranca',
    detalle: 'Motor de arranque gira sin engranar; se remolcó al taller municipal.',
    daysAgo: 25,
  },
  {
    placa: 'EGM-871',
    descripcion: 'Falla en el sistema hidráulico de la hoja',
    detalle: 'La hoja no sostiene la posición; pérdida de presión en cilindros de levante.',
    daysAgo: 8,
  },
  {
    placa: 'C5Y-913',
    descripcion: 'Fuga en la bomba de agua del motor',
    detalle: 'Pérdida de refrigerante y temperatura alta en subidas.',
    daysAgo: 3,
  },
  {
    placa: 'EGL-123',
    descripcion: 'Ruido en el tren de fuerza',
    detalle: 'Golpeteo al cambiar de marcha en reversa; operador reporta vibración.',
    daysAgo: 2,
  },
];

const [SAN_CARLOS, MANTARO, ELECTRO] = DEMO_WORKSHOPS.map((w) => w[1]);

/** Service orders: days ago, workshop, items [description, activities, warranty]. */
const SERVICE_ORDERS: { daysAgo: number; pers_nombre: string; items: [string, string | null, string | null, number][] }[] = [
  {
    daysAgo: 53,
    pers_nombre: MANTARO,
    items: [
      [
        'REPARACION DE FUGA DE ACEITE EN CIRCULO DE MOTONIVELADORA CAT 140K',
        'Desmontaje de círculo, cambio de retenes y sellos, prueba de presión',
        '3 MESES',
        3850,
      ],
    ],
  },
  {
    daysAgo: 49,
    pers_nombre: SAN_CARLOS,
    items: [
      [
        'CAMBIO DE ZAPATAS Y RECTIFICADO DE TAMBORES DE FRENO VOLQUETE VOLVO FMX',
        'Cambio de zapatas en 3 ejes, rectificado de tambores',
        '2 MESES',
        2480,
      ],
      ['REGULACION DE SISTEMA DE FRENOS NEUMATICOS', 'Purga y regulación de cámaras de freno', null, 350],
    ],
  },
  {
    daysAgo: 38,
    pers_nombre: MANTARO,
    items: [
      [
        'CAMBIO DE MANGUERAS HIDRAULICAS DEL BRAZO DEL CARGADOR FRONTAL',
        'Fabricación e instalación de 4 mangueras con terminales',
        '3 MESES',
        1680,
      ],
    ],
  },
  {
    daysAgo: 28,
    pers_nombre: ELECTRO,
    items: [
      ['REPARACION DE ALTERNADOR 24V Y REVISION DE SISTEMA ELECTRICO', 'Cambio de rodamientos y regulador de voltaje', '6 MESES', 920],
    ],
  },
  {
    daysAgo: 17,
    pers_nombre: SAN_CARLOS,
    items: [
      ['CAMBIO DE RODILLO INFERIOR DEL TREN DE RODAJE TRACTOR D6T', 'Suministro e instalación de rodillo inferior', '6 MESES', 4650],
      ['AJUSTE DE TENSION DE CADENA', null, null, 180],
    ],
  },
  {
    daysAgo: 6,
    pers_nombre: MANTARO,
    items: [
      [
        'REPARACION DE BOMBA HIDRAULICA DE MOTONIVELADORA KOMATSU GD555',
        'Desmontaje, cambio de kit de reparación y prueba en banco',
        '6 MESES',
        7800,
      ],
      ['CAMBIO DE KIT DE SELLOS DE CILINDROS DE LEVANTE DE HOJA', 'Cambio de sellos en 2 cilindros', '3 MESES', 1450],
    ],
  },
  {
    daysAgo: 20,
    pers_nombre: ELECTRO,
    items: [
      [
        'DIAGNOSTICO Y REPARACION DE SISTEMA DE ARRANQUE VOLQUETE INTERNATIONAL',
        'Reparación de motor de arranque y solenoide',
        '3 MESES',
        780,
      ],
    ],
  },
  {
    daysAgo: 2,
    pers_nombre: SAN_CARLOS,
    items: [['CAMBIO DE BOMBA DE AGUA DE MOTOR HINO FM', 'Suministro e instalación de bomba de agua y empaques', '6 MESES', 1150]],
  },
];

/** Days (ago) each machine stood still for a failure that was then repaired: [from, to] inclusive. */
export function downtimeByPlate(): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (const f of FAILURES) if (f.repair) out.set(f.placa, [...(out.get(f.placa) ?? []), [f.daysAgo, f.repair.daysAgo]]);
  return out;
}

/** The service orders of the logistics mirror, numbered per year. */
export function demoServiceOrders(c: Clock): ServiceOrder[] {
  const seq = new Map<number, number>();
  const sorted = SERVICE_ORDERS.map((o, i) => ({ ...o, i })).sort((a, b) => b.daysAgo - a.daysAgo);
  const out: ServiceOrder[] = [];
  for (const o of sorted) {
    const fecha = c.daysAgo(o.daysAgo);
    const anio = c.year(fecha);
    const n = (seq.get(anio) ?? 140) + 3 + (o.i % 4);
    seq.set(anio, n);
    out[o.i] = {
      orden_id: 52_000 + o.i * 11,
      nro_orden: String(n).padStart(4, '0'),
      anio,
      orden_fechadoc: fecha,
      pers_nombre: o.pers_nombre,
      items: o.items.map(([ordendet_desart, reqadj_actividades, reqadj_garantia, monto], k) => ({
        ordendet_item: k + 1,
        ordendet_desart,
        reqadj_actividades,
        reqadj_garantia,
        monto,
      })),
    };
  }
  return out;
}

export async function seedFallas(
  db: Db,
  c: Clock,
  orders: ServiceOrder[],
  maquinariaIds: Map<string, number>,
  userId: number,
): Promise<{ fallas: number; reparaciones: number }> {
  const rows = await db
    .insert(fallas)
    .values(
      FAILURES.map((f, i) => ({
        maquinaria_id: maquinariaIds.get(f.placa) as number,
        descripcion: f.descripcion,
        detalle: f.detalle,
        estado: f.repair ? 1 : 0,
        user_id: userId,
        created_at: c.at(f.daysAgo, 30 + i * 7),
      })),
    )
    .returning({ falla_id: fallas.falla_id, maquinaria_id: fallas.maquinaria_id, descripcion: fallas.descripcion });
  const idOf = (f: DemoFalla) =>
    rows.find((x) => x.maquinaria_id === maquinariaIds.get(f.placa) && x.descripcion === f.descripcion)?.falla_id as number;
  const repairs = FAILURES.flatMap((f) => {
    if (!f.repair) return [];
    const os = orders[f.repair.os];
    const item = os.items.find((it) => it.ordendet_item === f.repair?.item) ?? os.items[0];
    return [
      {
        orden_id: os.orden_id,
        ordendet_item: item.ordendet_item,
        maquinaria_id: maquinariaIds.get(f.placa) as number,
        nro_orden: os.nro_orden,
        anio: os.anio,
        servicio: item.ordendet_desart.slice(0, 250),
        descripcion: item.ordendet_desart,
        fecha: c.daysAgo(f.repair.daysAgo),
        detalle: item.reqadj_actividades,
        garantia: item.reqadj_garantia,
        proveedor: os.pers_nombre,
        monto: item.monto,
        falla_id: idOf(f),
        created_at: c.at(f.repair.daysAgo, 300),
      },
    ];
  });
  await db.insert(reparaciones).values(repairs);
  return { fallas: rows.length, reparaciones: repairs.length };
}
