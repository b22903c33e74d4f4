// Top-bar notifications: open failures and parts in their warning or danger band.
import { z } from 'zod';

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
