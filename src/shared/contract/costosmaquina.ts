// Cost per machine contract: per machine over a month range, what it cost (parts, outside repairs, labour, fuel), the
// meter it worked, the cost per hour (or km) and, for rentals to third parties, the income and the margin
// (docs/costs.md, "Cost per machine").
import { z } from 'zod';
import { MENU } from '../auth/permissions';
import { MAX_MESES_COSTO, MES_RE, mesesEntre } from '../domain/meses';
import { FIELD } from '../messages';
import { numeric } from './common';
import { endpoint } from './endpoint';

const mes = z.string({ error: FIELD.month }).regex(MES_RE, FIELD.month);

export const costoMaquinaListBody = z
  .object({
    desde: mes,
    hasta: mes,
    /** 0 or missing: every machine. */
    maquinaria_id: numeric(
      z.number({ error: FIELD.integer }).int(FIELD.integer).min(0, FIELD.invalidValue).max(2_147_483_647, FIELD.invalidValue),
    ).nullish(),
  })
  .superRefine((v, ctx) => {
    const n = mesesEntre(v.desde, v.hasta);
    if (n < 1) ctx.addIssue({ code: 'custom', message: FIELD.monthOrder, path: ['hasta'] });
    else if (n > MAX_MESES_COSTO) ctx.addIssue({ code: 'custom', message: FIELD.monthRange(MAX_MESES_COSTO), path: ['hasta'] });
  });
export type CostoMaquinaListBody = z.infer<typeof costoMaquinaListBody>;

export const costoMaquinaRow = z.object({
  maquinaria_id: z.number(),
  placa: z.string(),
  descripcion: z.string(),
  /** True: hour meter (horas); false: odometer (km). */
  horometro: z.boolean(),
  /** Meter worked in the range (hours or km). */
  horas: z.number(),
  repuestos: z.number(),
  reparaciones: z.number(),
  mano_obra: z.number(),
  combustible_importe: z.number(),
  combustible_litros: z.number(),
  costo_total: z.number(),
  /** Cost per hour (or km) worked; null without meter worked. */
  costo_hora: z.number().nullable(),
  litros_hora: z.number().nullable(),
  /** Income of rentals to third parties (rubro 1). */
  ingresos: z.number(),
  /** Income − cost; null without income. */
  margen: z.number().nullable(),
});
export type CostoMaquinaRow = z.infer<typeof costoMaquinaRow>;

export const costosmaquinaApi = {
  list: endpoint({
    method: 'POST',
    path: '/api/costosmaquina/list',
    summary:
      'Costo por maquinaria entre dos meses (AAAA-MM, hasta 36): repuestos, reparaciones, mano de obra, combustible, horas/km trabajados, costo por hora, ingresos (rubro 1) y margen',
    description:
      'Una fila por máquina con actividad en el rango (0 = todas). Repuestos y combustible: salidas valorizadas del almacén a la máquina; reparaciones: monto de las reparaciones; mano de obra: horas de las órdenes de trabajo × la tarifa de los parámetros; horas: lo trabajado según los partes diarios.',
    access: [MENU.costosMaquinaria],
    body: costoMaquinaListBody,
    answer: z.array(costoMaquinaRow),
  }),
} as const;
