// External systems (docs/architecture.md, "External systems"): `integrations(config, db)` gives the logistics, RENIEC, SUNAT and vehicle
// registry clients: HTTP (with write-through to the mirror tables and mirror fallback) when the
// system's URL is configured, otherwise the local mirror.
import type { Config } from '../config';
import type { Db } from '../db/client';
import { httpLogistica } from './logistica/http';
import type { Logistica } from './logistica/index';
import { localLogistica } from './logistica/local';
import { httpReniec } from './reniec/http';
import type { Reniec } from './reniec/index';
import { localReniec } from './reniec/local';
import type { HttpOptions } from './shared';
import { httpSunat } from './sunat/http';
import type { Sunat } from './sunat/index';
import { localSunat } from './sunat/local';
import { httpVehiculos } from './vehiculos/http';
import type { Vehiculos } from './vehiculos/index';
import { localVehiculos } from './vehiculos/local';

export type { Logistica, PurchaseOrder } from './logistica/index';
export type { Reniec } from './reniec/index';
export type { Sunat } from './sunat/index';
export type { Vehiculos } from './vehiculos/index';
export type { HttpOptions } from './shared';

export type IntegrationsConfig = Pick<Config, 'LOGISTICA_URL' | 'RENIEC_URL' | 'SUNAT_URL' | 'VEHICULOS_URL'>;

export interface Integrations {
  logistica: Logistica;
  reniec: Reniec;
  sunat: Sunat;
  vehiculos: Vehiculos;
}

/** The four clients over `db` (a database or a transaction handle). */
export function integrations(config: IntegrationsConfig, db: Db, opts: HttpOptions = {}): Integrations {
  return {
    logistica: config.LOGISTICA_URL ? httpLogistica(db, config.LOGISTICA_URL, opts) : localLogistica(db),
    reniec: config.RENIEC_URL ? httpReniec(db, config.RENIEC_URL, opts) : localReniec(db),
    sunat: config.SUNAT_URL ? httpSunat(db, config.SUNAT_URL, opts) : localSunat(db),
    vehiculos: config.VEHICULOS_URL ? httpVehiculos(db, config.VEHICULOS_URL, opts) : localVehiculos(db),
  };
}
