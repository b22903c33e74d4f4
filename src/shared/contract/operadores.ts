// Operators contract: DNI params, the operator body of the create/edit modal, row shapes and
// the identity-registry individual returned by the DNI lookup, and the endpoints.
import { z } from 'zod';
import { MENU, ROLE, READERS } from '../auth/permissions';
import { FIELD } from '../messages';
import { dateStr, dni, editorMode, id, messageResponse, numeric, optionalText, text } from './common';
import { endpoint } from './endpoint';
import { blankToNull } from './form-values';

export const dniParam = z.object({ dni });
export const dniPrefixParam = z.object({ dni: z.string().regex(/^\d{1,8}$/, FIELD.digits) });

/** The wire message of a duplicate DNI (422); the client shows MSG.duplicateOperator. */
export const DUPLICATE_OP = 'duplicate_op';

/** The e-mail rule: a lowercase name@domain with a 2 to 4 letter ending (the server lowercases first). */
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,4}$/;

const email = z.preprocess(
  (v) => (typeof v === 'string' ? blankToNull(v.trim().toLowerCase()) : v),
  z.string({ error: FIELD.email }).max(120, FIELD.tooLong(120)).regex(EMAIL_PATTERN, FIELD.email).nullish(),
);

const celular = z.preprocess(
  blankToNull,
  z
    .string({ error: FIELD.invalidValue })
    .trim()
    .regex(/^[0-9+()\s-]{6,20}$/, FIELD.phone)
    .nullish(),
);

const fechaNac = z.preprocess(blankToNull, dateStr.nullish());

const sexo = z.preprocess(
  (v) => (typeof v === 'string' ? blankToNull(v.trim().toUpperCase()) : v),
  z.enum(['M', 'F'], { error: FIELD.sex }).nullish(),
);

/** Fields the modal edits; `dni` only on create (the server never changes a DNI). */
const editable = {
  nombres: text(200),
  direccion: optionalText(250),
  celular,
  email,
  fecha_nac: fechaNac,
  sexo,
  /** Sent by the modal from the lookup; the server takes the registry's own id for the DNI. */
  indiv_id: z.preprocess(blankToNull, numeric(z.number({ error: FIELD.integer }).int(FIELD.integer)).nullish()),
  editorMode,
};

export const operadorBody = z.object({ dni, ...editable });
export type OperadorBody = z.infer<typeof operadorBody>;

export const operadorUpdateBody = z.object(editable);
export type OperadorUpdateBody = z.infer<typeof operadorUpdateBody>;

export const operadorRow = z.object({
  operador_id: z.number(),
  indiv_id: z.number().nullable(),
  dni: z.string(),
  nombres: z.string(),
  direccion: z.string().nullable(),
  celular: z.string().nullable(),
  email: z.string().nullable(),
  fecha_nac: z.string().nullable(),
  sexo: z.string().nullable(),
});
export type OperadorRow = z.infer<typeof operadorRow>;

/**
 * An operator's personal fields (Ley 29733): answered only to the operators screen's codes; every other reader
 * (the exit and daily-report forms need the name and DNI) gets them as null.
 */
export const OPERADOR_PERSONAL_FIELDS = ['direccion', 'celular', 'email', 'fecha_nac', 'sexo'] as const;
export const OPERADOR_PERSONAL_CODES: readonly number[] = [MENU.operadores, ROLE.operadorNuevo, ROLE.operadorEditar];

/** Path id of GET/PUT/DELETE one operator. */
export const operadorIdParam = z.object({ operador_id: id });

export const individuo = z.object({
  indiv_id: z.number(),
  indiv_appaterno: z.string(),
  indiv_apmaterno: z.string(),
  indiv_nombres: z.string(),
  indiv_direccion1: z.string().nullable(),
  indiv_fechanac: z.string().nullable(),
  indiv_celular: z.string().nullable(),
  indiv_email: z.string().nullable(),
});
export type Individuo = z.infer<typeof individuo>;

export const operadorSuggestion = z.object({ operador_id: z.number(), dni: z.string(), nombres: z.string() });
export type OperadorSuggestion = z.infer<typeof operadorSuggestion>;

/** The endpoints of operators. */
export const operadoresApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/operadores',
    summary: 'Operadores, por nombre',
    access: READERS.operadores,
    answer: z.array(operadorRow),
  }),
  searchDni: endpoint({
    method: 'GET',
    path: '/api/operadores/searchdni/:dni',
    summary: 'Personas del registro de identidad con ese DNI (lista vacía si no lo conoce)',
    access: READERS.operadores,
    params: dniParam,
    answer: z.array(individuo),
  }),
  suggestDni: endpoint({
    method: 'GET',
    path: '/api/operadores/suggestdni/:dni',
    summary: 'Operadores cuyo DNI empieza con los dígitos escritos (sugerencias del formulario de salidas)',
    access: READERS.operadores,
    params: dniPrefixParam,
    answer: z.object({ items: z.array(operadorSuggestion) }),
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/operadores/:operador_id',
    summary: 'Un operador',
    access: READERS.operadores,
    params: operadorIdParam,
    answer: operadorRow,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/operadores',
    summary: 'Registra un operador',
    description: 'Un DNI se registra una sola vez: un DNI ya registrado es un 422 con `message: duplicate_op`.',
    access: [ROLE.operadorNuevo],
    idempotent: true,
    body: operadorBody,
    answer: operadorRow,
    status: 201,
    errors: [422],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/operadores/:operador_id',
    summary: 'Edita un operador (nunca su DNI)',
    access: [ROLE.operadorEditar],
    idempotent: true,
    params: operadorIdParam,
    body: operadorUpdateBody,
    answer: operadorRow,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/operadores/:operador_id',
    summary: 'Elimina un operador',
    description: 'Un operador con salidas o partes diarios no se elimina (403 con el motivo).',
    access: [ROLE.operadorEliminar],
    idempotent: true,
    params: operadorIdParam,
    answer: messageResponse,
  }),
} as const;
