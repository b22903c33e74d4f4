// SUNAT lookups answered from the mirror table (default, and fallback of the HTTP client).
import type { Db } from '../../db/client';
import { isRuc, type Sunat } from './index';
import { mirrorContribuyente } from './mirror';

export function localSunat(db: Db): Sunat {
  return { findByRuc: async (ruc) => (isRuc(ruc) ? mirrorContribuyente(db, ruc) : null) };
}
