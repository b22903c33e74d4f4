// Office settings read by the shell before login (GET /api/ajustes).
import { z } from 'zod';

export const officeSettings = z.object({ officeName: z.string(), shortName: z.string(), cityLabel: z.string() });
export type OfficeSettings = z.infer<typeof officeSettings>;
