// Static demo catalogue of the warehouse: supplies with codes and units (wear limits for parts), suppliers
// and the purchase orders of the logistics system (which of them the warehouse has already entered).

/** [code, name, unit, wear limits (warning, critical, limit) when the supply is a machine part]. */
export type DemoInsumo = [string, string, string, [number, number, number]?];

export const DEMO_SUPPLIES: DemoInsumo[] = [
  ['01.01.0001', 'ACEITE DE MOTOR SAE 15W40 CI-4', 'GLN', [200, 230, 250]],
  ['01.01.0002', 'ACEITE HIDRAULICO ISO VG 68', 'GLN'],
  ['01.01.0003', 'ACEITE DE TRANSMISION SAE 30 TO-4', 'GLN'],
  ['01.01.0004', 'ACEITE PARA MANDOS FINALES SAE 50', 'GLN'],
  ['01.01.0005', 'GRASA MULTIPROPOSITO EP-2', 'KG'],
  ['01.01.0006', 'REFRIGERANTE ANTICONGELANTE 50/50', 'GLN'],
  ['01.01.0007', 'LIQUIDO DE FRENOS DOT 4', 'LT'],
  ['01.02.0001', 'PETROLEO DIESEL B5 S-50', 'GLN'],
  ['01.02.0002', 'GASOLINA 90 OCTANOS', 'GLN'],
  ['02.01.0001', 'FILTRO DE ACEITE DE MOTOR 1R-0750', 'UND', [200, 230, 250]],
  ['02.01.0002', 'FILTRO DE ACEITE VOLVO 21707134', 'UND', [4000, 4500, 5000]],
  ['02.02.0001', 'FILTRO DE COMBUSTIBLE 1R-0751', 'UND', [400, 450, 500]],
  ['02.02.0002', 'FILTRO DE COMBUSTIBLE VOLVO 20976003', 'UND', [8000, 9000, 10000]],
  ['02.03.0001', 'FILTRO DE AIRE PRIMARIO 6I-2501', 'UND', [400, 450, 500]],
  ['02.03.0002', 'FILTRO DE AIRE VOLVO 21834205', 'UND', [16000, 18000, 20000]],
  ['02.04.0001', 'FILTRO HIDRAULICO 5I-8670', 'UND', [800, 900, 1000]],
  ['02.05.0001', 'FILTRO SEPARADOR DE AGUA 326-1643', 'UND'],
  ['03.01.0001', 'CUCHILLA DE MOTONIVELADORA 7 HUECOS 5/8"', 'UND', [600, 700, 800]],
  ['03.01.0002', 'CUCHILLA DE TRACTOR ORUGA D6T', 'UND', [900, 1000, 1100]],
  ['03.02.0001', 'UÑA DE CUCHARON J250', 'UND', [800, 900, 1000]],
  ['03.02.0002', 'CANTONERA DE CUCHARON 950H', 'UND', [1000, 1100, 1200]],
  ['03.03.0001', 'ZAPATA DE FRENO PARA VOLQUETE', 'JGO', [20000, 22000, 25000]],
  ['03.04.0001', 'PERNO DE CUCHILLA 5/8" X 2 1/2" CON TUERCA', 'UND'],
  ['03.04.0002', 'MANGUERA HIDRAULICA 1/2" DOS MALLAS', 'M'],
  ['03.04.0003', 'FAJA DE ALTERNADOR 8PK1200', 'UND'],
  ['03.04.0004', 'FOCO HALOGENO H4 24V', 'UND'],
  ['04.01.0001', 'LLANTA 20.5-25 16PR L3', 'UND', [3000, 3500, 4000]],
  ['04.01.0002', 'LLANTA 14.00-24 12PR G2', 'UND', [3000, 3500, 4000]],
  ['04.01.0003', 'LLANTA 19.5L-24 12PR R4', 'UND', [3000, 3500, 4000]],
  ['04.01.0004', 'LLANTA 12R22.5 152/148', 'UND', [60000, 70000, 80000]],
  ['04.02.0001', 'BATERIA 12V 27 PLACAS 165 AH', 'UND', [2500, 2800, 3000]],
  ['04.02.0002', 'BATERIA 12V 23 PLACAS 150 AH', 'UND', [60000, 70000, 80000]],
  ['05.01.0001', 'TRAPO INDUSTRIAL', 'KG'],
  ['05.01.0002', 'CINTA AISLANTE 3M', 'ROL'],
  ['05.01.0003', 'ELECTRODO CELLOCORD 1/8"', 'KG'],
  ['05.01.0004', 'DISCO DE CORTE 7"', 'UND'],
  ['05.01.0005', 'THINNER ACRILICO', 'GLN'],
  ['05.01.0006', 'PINTURA ESMALTE AMARILLO TRAFICO', 'GLN'],
  ['05.01.0007', 'SILICONA GRIS ALTA TEMPERATURA', 'UND'],
  ['05.01.0008', 'ABRAZADERA METALICA 1/2"', 'UND'],
  ['05.01.0009', 'ALAMBRE NEGRO N° 16', 'KG'],
];

/** Today's unit price in soles of each supply bought in the demo orders (Huancayo market prices); older orders cost a little less. */
export const DEMO_PRICES: Record<string, number> = {
  '01.01.0001': 62,
  '01.01.0002': 55,
  '01.01.0003': 68,
  '01.01.0004': 72,
  '01.01.0005': 18.5,
  '01.01.0006': 38,
  '01.01.0007': 32,
  '01.02.0001': 16.2,
  '01.02.0002': 17.8,
  '02.01.0001': 85,
  '02.01.0002': 120,
  '02.02.0001': 95,
  '02.02.0002': 135,
  '02.03.0001': 180,
  '02.03.0002': 175,
  '02.04.0001': 160,
  '02.05.0001': 145,
  '03.01.0001': 420,
  '03.01.0002': 980,
  '03.02.0001': 165,
  '03.02.0002': 650,
  '03.03.0001': 380,
  '03.04.0001': 6.5,
  '03.04.0002': 48,
  '03.04.0003': 95,
  '03.04.0004': 22,
  '04.01.0001': 4200,
  '04.01.0002': 2600,
  '04.01.0003': 1950,
  '04.01.0004': 1800,
  '04.02.0001': 780,
  '04.02.0002': 650,
  '05.01.0001': 7.5,
  '05.01.0002': 4.5,
  '05.01.0003': 24,
  '05.01.0004': 9.5,
  '05.01.0005': 28,
  '05.01.0006': 65,
  '05.01.0007': 18,
  '05.01.0008': 2.5,
  '05.01.0009': 6.8,
};

/** Price of an item in an order placed `daysAgo` days ago: about 4 % a year less than today's, to the cent. */
export function demoPrice(code: string, daysAgo: number): number {
  const today = DEMO_PRICES[code] ?? 120;
  return Math.round(today * (1 - (0.04 * daysAgo) / 365) * 100) / 100;
}

/** Suppliers: [first 10 digits of the RUC (check digit computed), business name, address]. */
export const DEMO_SUPPLIERS: [string, string, string][] = [
  ['2048615234', 'LUBRICANTES Y FILTROS DEL CENTRO S.A.C.', 'AV. FERROCARRIL 1450, HUANCAYO'],
  ['2056874123', 'DISTRIBUIDORA DE REPUESTOS WANKA E.I.R.L.', 'JR. HUANCAS 356, HUANCAYO'],
  ['2048712960', 'GRIFO SERVICENTRO EL TAMBO S.R.L.', 'AV. MARISCAL CASTILLA 2870, EL TAMBO'],
  ['2060145872', 'FERRETERIA INDUSTRIAL HUANCAYO S.A.C.', 'JR. CUZCO 1120, HUANCAYO'],
  ['2054897321', 'NEUMATICOS Y BATERIAS JUNIN S.A.C.', 'AV. HUANCAVELICA 980, EL TAMBO'],
  ['2010023456', 'MAQUINARIAS Y REPUESTOS ANDINOS S.A.', 'AV. JOSE GALVEZ BARRENECHEA 592, LIMA'],
];

/** Service workshops: [RUC first 10, name, address]; the last one is a person with business (RUC 10). */
export const DEMO_WORKSHOPS: [string, string, string][] = [
  ['2060478512', 'TALLER DE MECANICA PESADA SAN CARLOS E.I.R.L.', 'PROLONG. AREQUIPA 1530, CHILCA'],
  ['2048563217', 'HIDRAULICA INDUSTRIAL MANTARO S.A.C.', 'AV. LEONCIO PRADO 820, HUANCAYO'],
  ['2060912344', 'ELECTRO AUTOMOTRIZ HUAYTAPALLANA E.I.R.L.', 'JR. JULIO SUMAR 145, EL TAMBO'],
];

/** The valuation customer (a construction company renting machines). */
export const DEMO_CUSTOMER: [string, string, string] = [
  '2060587412',
  'CONSTRUCTORA E INVERSIONES SANTA ROSA S.A.C.',
  'AV. CALMELL DEL SOLAR 340, HUANCAYO',
];

export interface DemoOrder {
  daysAgo: number;
  /** Index in DEMO_SUPPLIERS. */
  supplier: number;
  /** [code, quantity, brand]; a code missing from DEMO_SUPPLIES carries its name and unit. */
  items: [string, number, string | null, string?, string?][];
  /** Entered into the warehouse this many days after the order; undefined = still pending. */
  enteredAfter?: number;
}

export const DEMO_ORDERS: DemoOrder[] = [
  {
    daysAgo: 760,
    supplier: 4,
    items: [
      ['04.01.0001', 4, 'BRIDGESTONE'],
      ['04.01.0002', 6, 'GOODYEAR'],
    ],
  },
  {
    daysAgo: 720,
    supplier: 0,
    enteredAfter: 9,
    items: [
      ['01.01.0001', 110, 'MOBIL DELVAC MX'],
      ['01.01.0002', 55, 'SHELL TELLUS S2'],
      ['01.01.0003', 20, 'CAT TDTO'],
      ['01.01.0005', 36, 'MOBILGREASE XHP'],
      ['01.01.0006', 20, 'CAT ELC'],
    ],
  },
  {
    daysAgo: 700,
    supplier: 4,
    items: [
      ['04.02.0001', 6, 'ETNA'],
      ['04.02.0002', 4, 'CAPSA'],
    ],
  },
  {
    daysAgo: 600,
    supplier: 1,
    items: [
      ['03.04.0001', 100, null],
      ['03.02.0002', 4, 'CATERPILLAR'],
    ],
  },
  {
    daysAgo: 450,
    supplier: 0,
    items: [
      ['01.01.0002', 55, 'MOBIL DTE 26'],
      ['01.01.0003', 20, 'CAT TDTO'],
    ],
  },
  {
    daysAgo: 400,
    supplier: 0,
    enteredAfter: 12,
    items: [
      ['02.01.0001', 24, 'CATERPILLAR'],
      ['02.02.0001', 18, 'CATERPILLAR'],
      ['02.03.0001', 10, 'CATERPILLAR'],
      ['02.04.0001', 8, 'CATERPILLAR'],
      ['02.01.0002', 12, 'VOLVO'],
      ['02.02.0002', 10, 'VOLVO'],
      ['02.03.0002', 6, 'VOLVO'],
      ['02.05.0001', 10, 'FLEETGUARD'],
    ],
  },
  {
    daysAgo: 330,
    supplier: 5,
    enteredAfter: 15,
    items: [
      ['03.01.0001', 6, 'ESCO'],
      ['03.01.0002', 2, 'CATERPILLAR'],
      ['03.02.0001', 10, 'CATERPILLAR'],
      ['03.04.0001', 60, null],
      ['03.04.0002', 30, 'PARKER'],
      ['03.03.0001', 4, 'FRAS-LE'],
      ['03.04.0003', 4, 'GATES'],
      ['03.04.0004', 12, 'PHILIPS'],
    ],
  },
  {
    daysAgo: 260,
    supplier: 0,
    items: [
      ['02.01.0001', 30, 'CATERPILLAR'],
      ['02.02.0001', 20, 'FLEETGUARD'],
    ],
  },
  {
    daysAgo: 120,
    supplier: 2,
    enteredAfter: 5,
    items: [
      ['01.02.0001', 2500, 'PETROPERU'],
      ['01.02.0002', 200, 'PETROPERU'],
    ],
  },
  {
    daysAgo: 95,
    supplier: 0,
    enteredAfter: 8,
    items: [
      ['01.01.0001', 165, 'SHELL RIMULA R4'],
      ['01.01.0005', 50, 'MOBILGREASE XHP'],
      ['01.01.0006', 25, 'CAT ELC'],
      ['01.01.0007', 12, 'BOSCH'],
      ['01.01.0004', 10, 'CAT FDAO'],
    ],
  },
  {
    daysAgo: 75,
    supplier: 3,
    enteredAfter: 4,
    items: [
      ['05.01.0001', 50, null],
      ['05.01.0002', 24, '3M'],
      ['05.01.0003', 20, 'SOLDEXA'],
      ['05.01.0004', 30, 'NORTON'],
      ['05.01.0005', 10, 'CPP'],
      ['05.01.0006', 8, 'CPP'],
      ['05.01.0007', 12, 'PERMATEX'],
      ['05.01.0008', 40, null],
      ['05.01.0009', 25, 'PRODAC'],
    ],
  },
  { daysAgo: 60, supplier: 2, items: [['01.02.0001', 3000, 'PETROPERU']] },
  {
    daysAgo: 30,
    supplier: 4,
    items: [
      ['04.01.0003', 4, 'TITAN'],
      ['04.01.0004', 10, 'MICHELIN'],
    ],
  },
  {
    daysAgo: 15,
    supplier: 5,
    items: [
      ['03.04.0012', 2, 'KOMATSU', 'KIT DE SELLOS DE CILINDRO DE LEVANTE DE HOJA', 'JGO'],
      ['02.04.0001', 6, 'CATERPILLAR'],
    ],
  },
  {
    daysAgo: 6,
    supplier: 3,
    // Entered a few days ago, so the Ingresos list of the current month is not empty in the demo.
    enteredAfter: 3,
    items: [
      ['05.01.0001', 40, null],
      ['05.01.0004', 20, 'NORTON'],
      ['05.01.0003', 15, 'SOLDEXA'],
    ],
  },
];

/** What each kind of exit takes: [code, min, max] quantities (diesel by the gallon, parts by the unit). */
export const EXIT_KITS: [string, number, number][][] = [
  [['01.02.0001', 25, 60]],
  [
    ['01.02.0001', 20, 45],
    ['01.01.0005', 1, 3],
  ],
  [
    ['01.01.0001', 3, 5],
    ['02.01.0001', 1, 1],
    ['05.01.0001', 1, 2],
  ],
  [
    ['02.02.0001', 1, 1],
    ['02.03.0001', 1, 1],
  ],
  [
    ['01.01.0006', 1, 3],
    ['05.01.0002', 1, 2],
  ],
  [
    ['01.01.0002', 5, 10],
    ['03.04.0002', 2, 4],
  ],
  [
    ['01.02.0001', 30, 50],
    ['01.01.0001', 1, 2],
  ],
];
