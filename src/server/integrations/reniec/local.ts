// RENIEC lookups answered from the mirror table (default, and fallback of the HTTP client).
import type { Db } from '../../db/client';
import { isDni, type Reniec } from './index';
import { mirrorPersona } from './mirror';

export function localReniec(db: Db): Reniec {
  return { findByDni: async (dni) => (isDni(dni) ? mirrorPersona(db, dni) : null) };
}
