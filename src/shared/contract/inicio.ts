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

/** A plan task due soon or overdue (shared/domain/planes.ts estadoTarea against the machine's current meter). */
export const inicioTarea = z.object({
  tarea_id: z.number().int(),
  maquinaria_id: z.number().int(),
  placa: z.string(),
  plan: z.string(),
  nombre: z.string(),
  proximo_medidor: z.number().nullable(),
  proximo_fecha: z.string().nullable(),
  pronostico: z.string().nullable(),
});
export type InicioTarea = z.infer<typeof inicioTarea>;

/** A work order waiting for parts. */
export const inicioOrden = z.object({
  ot_id: z.number().int(),
  anio: z.number().int(),
  numero: z.number().int(),
  maquinaria_id: z.number().int(),
  placa: z.string(),
  descripcion: z.string(),
  /** Since when it waits (its last change). */
  fecha: z.string(),
});
export type InicioOrden = z.infer<typeof inicioOrden>;

/** A daily report's readings refused by the server (recent: the last LECTURAS_RECIENTES_DIAS days). */
export const inicioLectura = z.object({
  id: z.number().int(),
  maquinaria_id: z.number().int(),
  placa: z.string(),
  nro_parte_interno: z.string(),
  fecha: z.string(),
  mensaje: z.string(),
  created_at: z.string(),
});
export type InicioLectura = z.infer<typeof inicioLectura>;

/** A machine not OPERATIVO for more than the configured days. */
export const inicioDetenida = z.object({
  maquinaria_id: z.number().int(),
  placa: z.string(),
  descripcion: z.string(),
  estado: z.number().int(),
  /** When its current state began (ISO), and whole days since. */
  desde: z.string(),
  dias: z.number().int(),
});
export type InicioDetenida = z.infer<typeof inicioDetenida>;

/** Refused readings count as recent this many days. */
export const LECTURAS_RECIENTES_DIAS = 7;

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
  /** Plan tasks overdue and due soon (code 35, 68 or 70). */
  tareas: z
    .object({
      vencidas: z.object({ total: z.number().int(), items: z.array(inicioTarea) }),
      proximas: z.object({ total: z.number().int(), items: z.array(inicioTarea) }),
    })
    .nullable()
    .optional(),
  /** Work orders EN ESPERA DE REPUESTOS (code 70, 72 or the exits' 51). */
  ordenes_espera: z
    .object({ total: z.number().int(), items: z.array(inicioOrden) })
    .nullable()
    .optional(),
  /** Readings refused from the field, recent (code 74 or the daily reports' screen). */
  lecturas_rechazadas: z
    .object({ total: z.number().int(), items: z.array(inicioLectura) })
    .nullable()
    .optional(),
  /** Machines stopped for more than `dias` days (the setting diasMaquinaDetenida). */
  detenidas: z
    .object({ dias: z.number().int(), total: z.number().int(), items: z.array(inicioDetenida) })
    .nullable()
    .optional(),
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
      'Cada tarjeta es null cuando el usuario no puede abrir la pantalla a la que lleva (máquinas o mantenimiento, fallas, partes diarios, pedidos, órdenes de trabajo, lecturas). También: tareas de mantenimiento vencidas y próximas, órdenes en espera de repuestos, lecturas rechazadas recientes y máquinas detenidas hace más de N días (ajuste `diasMaquinaDetenida`, 7 por defecto).',
    access: 'session',
    answer: inicioAnswer,
  }),
} as const;
