// Vehicle registry searches answered from the mirror table (default, and fallback of the HTTP client).
import type { Db } from '../../db/client';
import type { Vehiculos } from './index';
import { mirrorVehiculos } from './mirror';

export function localVehiculos(db: Db): Vehiculos {
  return { search: (term) => mirrorVehiculos(db, term) };
}
