// Top-bar notifications: open failures, parts in their warning or danger band, and (each to the users with the
// codes of the screen it concerns) plan tasks due soon or overdue, work orders waiting for parts, readings refused from
// the field and machines stopped for more than the configured days.
import { z } from 'zod';
import { endpoint } from './endpoint';

export const notificationItem = z.object({
  tipo: z.enum(['FALLA', 'INSUMO', 'TAREA', 'ORDEN', 'LECTURA', 'DETENIDA']),
  abrev: z.string(),
  fecha: z.string(),
  descripcion: z.string(),
  band: z.enum(['warning', 'danger']).optional(),
  /** Parts, tasks, refused readings, stopped machines: their machine; parts: the forecast date of reaching the limit. */
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
    summary:
      'Avisos recientes de la campana: fallas pendientes, insumos en banda de alerta o peligro o que llegarán pronto a su límite, tareas de mantenimiento vencidas o próximas, órdenes en espera de repuestos, lecturas rechazadas y máquinas detenidas hace más de N días',
    description:
      'Las tareas, órdenes, lecturas y máquinas detenidas solo se avisan a quien tiene los códigos de la pantalla correspondiente; N es el ajuste `diasMaquinaDetenida` (7 por defecto).',
    access: 'session',
    answer: notificationsAnswer,
  }),
} as const;
