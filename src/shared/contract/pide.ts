// Identity lookups: a person by DNI (RENIEC) and a taxpayer by RUC (SUNAT), and their endpoints.
import { READERS } from '../auth/permissions';
import { z } from 'zod';
import { dni, ruc } from './common';
import { endpoint } from './endpoint';

export const reniecParam = z.object({ dni });
export const sunatParam = z.object({ ruc });

export const personaLookup = z.object({ prenombres: z.string(), apPrimer: z.string(), apSegundo: z.string() });

export const contribuyenteLookup = z.object({ razon_social: z.string() });

/** The endpoints of the identity lookups (the local mirror, or the registry's service writing through to it). */
export const pideApi = {
  reniec: endpoint({
    method: 'GET',
    path: '/api/pide/reniec/:dni',
    summary: 'Nombres y apellidos de una persona por su DNI (RENIEC); 404 si el registro no la conoce',
    access: READERS.reniec,
    params: reniecParam,
    answer: personaLookup,
  }),
  sunat: endpoint({
    method: 'GET',
    path: '/api/pide/sunat/:ruc',
    summary: 'Razón social de un contribuyente por su RUC (SUNAT); 404 si el registro no lo conoce',
    access: READERS.sunat,
    params: sunatParam,
    answer: contribuyenteLookup,
  }),
} as const;
