// GET /api/inicio: the office's day at a glance on the welcome screen. Every card is
// null when the user may not open the screen it leads to, so a card never shows what its user cannot act on.
import { z } from 'zod';
import { endpoint } from './endpoint';

/** A part in the danger band or reaching its limit soon, with its machine. */
export const inicioParte = z.object({
  insumo_maq_id: z.number().int(),
  maquinaria_id: z.number().int(),
  placa: z.string(),
  descripcion: z.string(),
  insumo_name: z.string(),
  contador: z.number(),
  horas_limite: z.number(),
  nivel: z.enum(['info', 'warning', 'danger']),
  fecha_limite: z.string().nullable(),
});
export type InicioParte = z.infer<typeof inicioParte>;

export const inicioFalla = z.object({
  falla_id: z.number().int(),
  maquinaria_id: z.number().int(),
  placa: z.string(),
  descripcion: z.string(),
  fecha: z.string(),
});

/** How many items a card lists at most (the card says how many there are in all). */
export const INICIO_MAX_ITEMS = 5;

export const inicioAnswer = z.object({
  insumos: z
    .object({
      peligro: z.object({ total: z.number().int(), items: z.array(inicioParte) }),
      proximos: z.object({ total: z.number().int(), items: z.array(inicioParte) }),
    })
    .nullable(),
  fallas: z.object({ total: z.number().int(), items: z.array(inicioFalla) }).nullable(),
  partes_sin_valorizar: z.object({ total: z.number().int(), monto: z.number() }).nullable(),
  pedidos_pendientes: z.object({ total: z.number().int() }).nullable(),
});
export type InicioAnswer = z.infer<typeof inicioAnswer>;

/** The endpoint of the welcome screen. */
export const inicioApi = {
  cards: endpoint({
    method: 'GET',
    path: '/api/inicio',
    summary:
      'Resumen del día en la pantalla de bienvenida: insumos en peligro o próximos a su límite, fallas pendientes, partes sin valorizar y pedidos pendientes',
    description:
      'Cada tarjeta es null cuando el usuario no puede abrir la pantalla a la que lleva (máquinas o mantenimiento, fallas, partes diarios, pedidos).',
    access: 'session',
    answer: inicioAnswer,
  }),
} as const;
