// Office settings read by the shell before login (GET /api/ajustes). The shell loads this module after the
// login screen's first paint (lib/settings.ts): its zod schema would add zod itself to that first download.
import { z } from 'zod';
import { endpoint } from './endpoint';

export const officeSettings = z.object({
  /** e.g. 'Subgerencia de Equipo Mecánico y Maquinaria Pesada': first line of every PDF title, copyright. */
  officeName: z.string(),
  /** e.g. 'Municipalidad Provincial': the institution, shown under the office name. */
  shortName: z.string(),
  /** City label shown beside the date on the login screen. */
  cityLabel: z.string(),
});
export type OfficeSettings = z.infer<typeof officeSettings>;

export const ajustesApi = {
  get: endpoint({
    method: 'GET',
    path: '/api/ajustes',
    summary: 'Nombre de la oficina, de la institución y de la ciudad (pantalla de ingreso, bienvenida y PDF)',
    access: 'public',
    answer: officeSettings,
  }),
} as const;
