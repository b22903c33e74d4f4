// Top-bar notifications: open failures and parts in their warning or danger band.
import { z } from 'zod';
import { endpoint } from './endpoint';

export const notificationItem = z.object({
  tipo: z.enum(['FALLA', 'INSUMO']),
  abrev: z.string(),
  fecha: z.string(),
  descripcion: z.string(),
  band: z.enum(['warning', 'danger']).optional(),
  /** Parts: their machine and the forecast date of reaching the limit (null: no forecast). */
  maquinaria_id: z.number().optional(),
  fecha_limite: z.string().nullable().optional(),
});
export type NotificationItem = z.infer<typeof notificationItem>;
export const notificationsAnswer = z.object({ items: z.array(notificationItem) });

/** The endpoint of the bell. */
export const notificacionesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/notificaciones',
    summary: 'Avisos recientes de la campana: fallas pendientes e insumos en banda de alerta o peligro, o que llegarán pronto a su límite',
    access: 'session',
    answer: notificationsAnswer,
  }),
} as const;
