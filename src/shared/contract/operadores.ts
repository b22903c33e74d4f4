// Operators contract (read side): DNI params, suggestions and the identity-registry individual shape.
import { z } from 'zod';
import { FIELD } from '../messages';
import { dni } from './common';

export const dniParam = z.object({ dni });
export const dniPrefixParam = z.object({ dni: z.string().regex(/^\d{1,8}$/, FIELD.digits) });

export interface OperadorRow {
  operador_id: number;
  indiv_id: number | null;
  dni: string;
  nombres: string;
  direccion: string | null;
  celular: string | null;
  email: string | null;
  fecha_nac: string | null;
  sexo: string | null;
}

export interface Individuo {
  indiv_id: number;
  indiv_appaterno: string;
  indiv_apmaterno: string;
  indiv_nombres: string;
  indiv_direccion1: string | null;
  indiv_fechanac: string | null;
  indiv_celular: string | null;
  indiv_email: string | null;
}

export interface OperadorSuggestion {
  operador_id: number;
  dni: string;
  nombres: string;
}
