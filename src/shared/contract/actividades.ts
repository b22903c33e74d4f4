// Activities contract: form body, list row and the endpoints.
import { z } from 'zod';
import { ROLE, READERS } from '../auth/permissions';
import { editorMode, id, idParam, messageResponse, state01, text } from './common';
import { endpoint } from './endpoint';

export const actividadBody = z.object({
  id: id.nullish(),
  activ_nombre: text(200),
  activ_estado: state01.default(1),
  editorMode,
});
export type ActividadBody = z.infer<typeof actividadBody>;

export const actividadRow = z.object({
  id: z.number(),
  activ_nombre: z.string(),
  activ_estado: z.number(),
  created_at: z.string(),
});
export type ActividadRow = z.infer<typeof actividadRow>;

/** The endpoints of activities. */
export const actividadesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/actividades',
    summary: 'Actividades con su estado, la más reciente primero',
    access: READERS.actividades,
    answer: z.array(actividadRow),
  }),
  activas: endpoint({
    method: 'GET',
    path: '/api/actividades/activas',
    summary: 'Actividades activas, por nombre (lo que ofrecen los partes diarios)',
    access: READERS.actividades,
    answer: z.array(actividadRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/actividades',
    summary: 'Registra una actividad',
    access: [ROLE.actividadNuevo],
    idempotent: true,
    body: actividadBody,
    answer: actividadRow,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/actividades/:id',
    summary: 'Edita una actividad',
    access: [ROLE.actividadEditar],
    idempotent: true,
    params: idParam,
    body: actividadBody,
    answer: actividadRow,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/actividades/:id',
    summary: 'Elimina una actividad',
    description: 'Una actividad usada por un parte diario no se elimina (403 con el motivo).',
    access: [ROLE.actividadEliminar],
    idempotent: true,
    params: idParam,
    answer: messageResponse,
  }),
} as const;
