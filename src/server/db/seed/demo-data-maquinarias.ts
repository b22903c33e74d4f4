// Static demo catalogue of the machinery side: the municipality's fleet, the parts each kind of machine
// wears, the priced services billed in daily reports, and the activities those reports name.

export type Kind = 'retro' | 'cargador' | 'motoniveladora' | 'volquete' | 'rodillo' | 'cisterna' | 'tractor' | 'excavadora';

export interface DemoMaquinaria {
  kind: Kind;
  descripcion: string;
  marca: string;
  modelo: string;
  placa: string;
  anio: number;
  /** true = hour meter, false = odometer (km). */
  horometro: boolean;
  horometro_inicial: number;
  estado: 0 | 1 | 2 | 3;
  /** Days ago the machine stopped working (failure, repair, maintenance); 0 = works until today. */
  stoppedDaysAgo: number;
  /** Index in DEMO_OPERATORS of its usual operator. */
  operador: number;
  /** Description of its billed service (DEMO_COSTS line). */
  servicio: string;
}

export const DEMO_MACHINES: DemoMaquinaria[] = [
  {
    kind: 'retro',
    descripcion: 'RETROEXCAVADORA',
    marca: 'CATERPILLAR',
    modelo: '420F',
    placa: 'EGL-123',
    anio: 2015,
    horometro: true,
    horometro_inicial: 6450.5,
    estado: 0,
    stoppedDaysAgo: 0,
    operador: 0,
    servicio: 'Retroexcavadora CAT 420F',
  },
  {
    kind: 'retro',
    descripcion: 'RETROEXCAVADORA',
    marca: 'JCB',
    modelo: '3CX',
    placa: 'EGL-348',
    anio: 2023,
    horometro: true,
    horometro_inicial: 1120,
    estado: 0,
    stoppedDaysAgo: 0,
    operador: 1,
    servicio: 'Retroexcavadora JCB 3CX',
  },
  {
    kind: 'cargador',
    descripcion: 'CARGADOR FRONTAL',
    marca: 'CATERPILLAR',
    modelo: '950H',
    placa: 'EGK-562',
    anio: 2012,
    horometro: true,
    horometro_inicial: 9800,
    estado: 0,
    stoppedDaysAgo: 0,
    operador: 2,
    servicio: 'Cargador frontal CAT 950H',
  },
  {
    kind: 'motoniveladora',
    descripcion: 'MOTONIVELADORA',
    marca: 'CATERPILLAR',
    modelo: '140K',
    placa: 'EGM-214',
    anio: 2014,
    horometro: true,
    horometro_inicial: 8200.4,
    estado: 0,
    stoppedDaysAgo: 0,
    operador: 3,
    servicio: 'Motoniveladora CAT 140K',
  },
  {
    kind: 'motoniveladora',
    descripcion: 'MOTONIVELADORA',
    marca: 'KOMATSU',
    modelo: 'GD555-5',
    placa: 'EGM-871',
    anio: 2010,
    horometro: true,
    horometro_inicial: 11250,
    estado: 2,
    stoppedDaysAgo: 8,
    operador: 4,
    servicio: 'Motoniveladora Komatsu GD555',
  },
  {
    kind: 'volquete',
    descripcion: 'VOLQUETE 15 M3',
    marca: 'VOLVO',
    modelo: 'FMX 440 6X4',
    placa: 'ABC-725',
    anio: 2018,
    horometro: false,
    horometro_inicial: 148300,
    estado: 0,
    stoppedDaysAgo: 0,
    operador: 5,
    servicio: 'Volquete 15 m3 - por kilómetro recorrido',
  },
  {
    kind: 'volquete',
    descripcion: 'VOLQUETE 15 M3',
    marca: 'VOLVO',
    modelo: 'FMX 460 6X4',
    placa: 'ABC-726',
    anio: 2021,
    horometro: false,
    horometro_inicial: 62150,
    estado: 0,
    stoppedDaysAgo: 0,
    operador: 6,
    servicio: 'Volquete 15 m3 - por kilómetro recorrido',
  },
  {
    kind: 'volquete',
    descripcion: 'VOLQUETE 15 M3',
    marca: 'INTERNATIONAL',
    modelo: '7600 SBA',
    placa: 'F4K-881',
    anio: 2008,
    horometro: false,
    horometro_inicial: 312040,
    estado: 1,
    stoppedDaysAgo: 25,
    operador: 7,
    servicio: 'Volquete 15 m3 - por kilómetro recorrido',
  },
  {
    kind: 'rodillo',
    descripcion: 'RODILLO COMPACTADOR LISO',
    marca: 'CATERPILLAR',
    modelo: 'CS533E',
    placa: 'EGR-405',
    anio: 2013,
    horometro: true,
    horometro_inicial: 5400,
    estado: 0,
    stoppedDaysAgo: 0,
    operador: 8,
    servicio: 'Rodillo compactador CAT CS533E',
  },
  {
    kind: 'cisterna',
    descripcion: 'CAMION CISTERNA 3000 GLN',
    marca: 'HINO',
    modelo: 'FM 2628',
    placa: 'C5Y-913',
    anio: 2016,
    horometro: false,
    horometro_inicial: 98700,
    estado: 3,
    stoppedDaysAgo: 3,
    operador: 9,
    servicio: 'Camión cisterna 3000 gln - por kilómetro',
  },
  {
    kind: 'tractor',
    descripcion: 'TRACTOR ORUGA',
    marca: 'CATERPILLAR',
    modelo: 'D6T',
    placa: 'EGT-117',
    anio: 2011,
    horometro: true,
    horometro_inicial: 10200,
    estado: 0,
    stoppedDaysAgo: 0,
    operador: 10,
    servicio: 'Tractor oruga CAT D6T',
  },
  {
    kind: 'excavadora',
    descripcion: 'EXCAVADORA HIDRAULICA',
    marca: 'KOMATSU',
    modelo: 'PC200-8',
    placa: 'EGX-630',
    anio: 2020,
    horometro: true,
    horometro_inicial: 4100,
    estado: 0,
    stoppedDaysAgo: 0,
    operador: 11,
    servicio: 'Excavadora Komatsu PC200-8',
  },
];

/** Plates in the vehicle registry that are not (yet) registered machines. */
export const UNREGISTERED_VEHICLES = [
  { veh_placa: 'EGL-905', marca: 'CATERPILLAR', modelo: '416F2', anio: 2024, descripcion: 'RETROEXCAVADORA' },
  { veh_placa: 'ABD-310', marca: 'VOLVO', modelo: 'FMX 460 8X4', anio: 2024, descripcion: 'VOLQUETE 20 M3' },
  { veh_placa: 'EGC-447', marca: 'BOBCAT', modelo: 'S650', anio: 2022, descripcion: 'MINICARGADOR' },
  { veh_placa: 'W3F-218', marca: 'TOYOTA', modelo: 'HILUX 4X4', anio: 2019, descripcion: 'CAMIONETA PICK UP' },
  { veh_placa: 'EGT-502', marca: 'KOMATSU', modelo: 'D65EX-18', anio: 2023, descripcion: 'TRACTOR ORUGA' },
  { veh_placa: 'B7H-664', marca: 'MITSUBISHI', modelo: 'CANTER', anio: 2017, descripcion: 'CAMION BARANDA' },
  { veh_placa: 'EGR-119', marca: 'DYNAPAC', modelo: 'CA250D', anio: 2009, descripcion: 'RODILLO COMPACTADOR' },
  { veh_placa: 'C9K-730', marca: 'ISUZU', modelo: 'FVR 34', anio: 2015, descripcion: 'CAMION COMPACTADOR DE RESIDUOS' },
];

/** Parts tracked per kind of machine (supply codes of DEMO_SUPPLIES). */
export const PARTS_BY_KIND: Record<Kind, string[]> = {
  retro: ['02.01.0001', '01.01.0001', '02.02.0001', '02.03.0001', '02.04.0001', '03.02.0001', '04.01.0003', '04.02.0001'],
  cargador: ['02.01.0001', '01.01.0001', '02.02.0001', '02.03.0001', '02.04.0001', '03.02.0002', '04.01.0001', '04.02.0001'],
  motoniveladora: ['02.01.0001', '01.01.0001', '02.02.0001', '02.03.0001', '03.01.0001', '04.01.0002', '04.02.0001'],
  tractor: ['02.01.0001', '01.01.0001', '02.02.0001', '02.03.0001', '02.04.0001', '03.01.0002', '04.02.0001'],
  excavadora: ['02.01.0001', '01.01.0001', '02.02.0001', '02.03.0001', '02.04.0001', '03.02.0001', '04.02.0001'],
  rodillo: ['02.01.0001', '01.01.0001', '02.02.0001', '02.03.0001', '04.02.0001'],
  volquete: ['02.01.0002', '01.01.0001', '02.02.0002', '02.03.0002', '04.01.0004', '03.03.0001', '04.02.0002'],
  cisterna: ['02.01.0002', '01.01.0001', '02.02.0002', '02.03.0002', '04.01.0004', '03.03.0001', '04.02.0002'],
};

/** Wear limits (warning, critical, limit) in km of parts that trucks share with hour-metered machines. */
export const KM_LIMITS: Record<string, [number, number, number]> = {
  '01.01.0001': [4000, 4500, 5000],
};

export const DEMO_ACTIVITIES: [string, 0 | 1][] = [
  ['Limpieza de cunetas', 1],
  ['Mejoramiento de vía vecinal', 1],
  ['Eliminación de desmonte', 1],
  ['Perfilado y compactado de calzada', 1],
  ['Limpieza de derrumbes y huaicos', 1],
  ['Apertura de trocha carrozable', 1],
  ['Riego de vías afirmadas', 1],
  ['Descolmatación de río y quebrada', 1],
  ['Alquiler de maquinaria a terceros', 1],
  ['Apoyo a obras por administración directa', 1],
  ['Mantenimiento de canal de riego', 0],
  ['Campaña de limpieza pública 2024', 0],
];

export interface DemoCostLine {
  descripcion: string;
  precio: number;
  unidad: 'HORA' | 'KM' | 'DIA' | 'VIAJE' | 'M3';
  estado?: 0 | 1;
}

export const DEMO_COSTS: { descripcion: string; estado: 0 | 1; lines: DemoCostLine[] }[] = [
  {
    descripcion: 'Tarifario de alquiler de maquinaria pesada 2026',
    estado: 1,
    lines: [
      { descripcion: 'Retroexcavadora CAT 420F', precio: 180, unidad: 'HORA' },
      { descripcion: 'Retroexcavadora JCB 3CX', precio: 170, unidad: 'HORA' },
      { descripcion: 'Cargador frontal CAT 950H', precio: 250, unidad: 'HORA' },
      { descripcion: 'Motoniveladora CAT 140K', precio: 280, unidad: 'HORA' },
      { descripcion: 'Motoniveladora Komatsu GD555', precio: 260, unidad: 'HORA' },
      { descripcion: 'Rodillo compactador CAT CS533E', precio: 200, unidad: 'HORA' },
      { descripcion: 'Tractor oruga CAT D6T', precio: 350, unidad: 'HORA' },
      { descripcion: 'Excavadora Komatsu PC200-8', precio: 300, unidad: 'HORA' },
      { descripcion: 'Retroexcavadora - jornada de 8 horas', precio: 1350, unidad: 'DIA' },
    ],
  },
  {
    descripcion: 'Tarifario de vehículos pesados 2026',
    estado: 1,
    lines: [
      { descripcion: 'Volquete 15 m3 - por kilómetro recorrido', precio: 9.5, unidad: 'KM' },
      { descripcion: 'Volquete 15 m3 - por viaje', precio: 150, unidad: 'VIAJE' },
      { descripcion: 'Volquete 15 m3 - por día', precio: 1200, unidad: 'DIA' },
      { descripcion: 'Transporte de material agregado - por m3', precio: 25, unidad: 'M3' },
      { descripcion: 'Camión cisterna 3000 gln - por kilómetro', precio: 8, unidad: 'KM' },
      { descripcion: 'Camión cisterna 3000 gln - por viaje de agua', precio: 180, unidad: 'VIAJE' },
    ],
  },
  {
    descripcion: 'Tarifario de alquiler 2025 (derogado)',
    estado: 0,
    lines: [
      { descripcion: 'Retroexcavadora CAT 420F (2025)', precio: 165, unidad: 'HORA', estado: 0 },
      { descripcion: 'Volquete 15 m3 - por viaje (2025)', precio: 140, unidad: 'VIAJE', estado: 0 },
    ],
  },
];
