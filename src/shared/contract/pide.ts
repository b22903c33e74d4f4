// Identity lookups: a person by DNI (RENIEC) and a taxpayer by RUC (SUNAT).
import { z } from 'zod';
import { dni, ruc } from './common';

export const reniecParam = z.object({ dni });
export const sunatParam = z.object({ ruc });

export const personaLookup = z.object({ prenombres: z.string(), apPrimer: z.string(), apSegundo: z.string() });
export type PersonaLookup = z.infer<typeof personaLookup>;

export const contribuyenteLookup = z.object({ razon_social: z.string() });
export type ContribuyenteLookup = z.infer<typeof contribuyenteLookup>;
