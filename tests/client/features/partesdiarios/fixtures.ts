// Catalogues of the daily-report and valuation tests, as the device keeps them after login.
import type { InfoVenta, CuentaRow } from '@shared/contract/valoriza';

export const INFOVENTA: InfoVenta = {
  precios: [
    { costo_det_id: 11, costo_id: 1, costo: 'TARIFARIO 2025', descripcion: 'ALQUILER CARGADOR', precio: 85.5, unidad: 'HORA' },
    { costo_det_id: 12, costo_id: 1, costo: 'TARIFARIO 2025', descripcion: 'TRASLADO', precio: 300, unidad: 'VIAJE' },
  ],
  actividades: [
    { id: 3, activ_nombre: 'Limpieza de cunetas' },
    { id: 4, activ_nombre: 'Mejoramiento de vía' },
  ],
  maquinarias: [{ id: 1, descripcion: 'CARGADOR FRONTAL', placa: 'EGA-123', horometro: true, estado: 0 }],
  km_max_dia: 600,
};

export const CUENTAS: CuentaRow[] = [
  { cuenta_id: 1, nro_cuenta: '00-000-123456', tipo_cuenta: 'detraccion', tasa_impuesto: 10 },
  { cuenta_id: 2, nro_cuenta: '0011-0250-0100012345', tipo_cuenta: 'deposito', tasa_impuesto: 0 },
];

export const OPERADORES = [
  {
    operador_id: 5,
    indiv_id: null,
    dni: '12345678',
    nombres: 'PEREZ JUAN',
    direccion: null,
    celular: null,
    email: null,
    fecha_nac: null,
    sexo: null,
  },
];
