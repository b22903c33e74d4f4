// Static demo people: the operators (first 15) and other citizens of the identity registry mirror,
// with the streets their addresses are drawn from. DNIs, phones and e-mails are generated (fictitious).

/** [prenombres, apPrimer, apSegundo, sexo]. */
export const DEMO_PEOPLE: [string, string, string, 'M' | 'F'][] = [
  ['WILFREDO', 'ROMERO', 'QUISPE', 'M'],
  ['JUAN CARLOS', 'HUAMAN', 'PAUCAR', 'M'],
  ['EDGAR', 'CCANTO', 'RIVERA', 'M'],
  ['MARCO ANTONIO', 'SANABRIA', 'VILCAHUAMAN', 'M'],
  ['FELIX', 'CONDOR', 'MEZA', 'M'],
  ['RICHARD', 'LAZO', 'CAMPOS', 'M'],
  ['HECTOR', 'POMA', 'SURICHAQUI', 'M'],
  ['DAVID', 'CAMAYO', 'ORIHUELA', 'M'],
  ['ROSA ELENA', 'MUCHA', 'ALIAGA', 'F'],
  ['JOSE LUIS', 'TAIPE', 'HUAYTA', 'M'],
  ['TEODORO', 'VILCHEZ', 'CHUCO', 'M'],
  ['ALBERTO', 'ESPINOZA', 'RAFAEL', 'M'],
  ['NILTON', 'YAURI', 'BALDEON', 'M'],
  ['CESAR AUGUSTO', 'INGA', 'CASTILLO', 'M'],
  ['PERCY', 'OSORIO', 'LLACZA', 'M'],
  // not operators (yet): citizens that can be registered, valuation customers
  ['MARIA LUISA', 'GALARZA', 'DE LA CRUZ', 'F'],
  ['SAUL', 'QUINTO', 'ARZAPALO', 'M'],
  ['LIZ MARIBEL', 'HUACHO', 'ROJAS', 'F'],
  ['ELMER', 'CAPCHA', 'SOTO', 'M'],
  ['FREDY', 'MANRIQUE', 'ZEVALLOS', 'M'],
  ['YOLANDA', 'CHAVEZ', 'CARHUAMACA', 'F'],
  ['RAUL', 'PARRAGA', 'LOPEZ', 'M'],
  ['KEVIN ANDRE', 'ORE', 'MALLMA', 'M'],
  ['GLADYS', 'CUADRADO', 'NINAHUAMAN', 'F'],
  ['ISAAC', 'BALVIN', 'HINOSTROZA', 'M'],
];

export const OPERATOR_COUNT = 15;
/** Index in DEMO_PEOPLE of the valuation customer with a DNI (a rural community's president). */
export const DNI_CUSTOMER = 15;

export const DEMO_STREETS = [
  'JR. PUNO',
  'JR. ANCASH',
  'AV. HUANCAVELICA',
  'JR. AYACUCHO',
  'AV. GIRALDEZ',
  'JR. LORETO',
  'AV. SAN CARLOS',
  'JR. AREQUIPA',
  'AV. 9 DE DICIEMBRE',
  'JR. CAJAMARCA',
  'PSJE. LOS ANDES',
  'AV. EVITAMIENTO',
];

export const DEMO_DISTRICTS = ['HUANCAYO', 'EL TAMBO', 'CHILCA', 'PILCOMAYO', 'SAN AGUSTIN DE CAJAS', 'HUAYUCACHI'];
