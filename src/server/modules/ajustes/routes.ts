// GET /api/ajustes (public): office name, short name and city label shown on login, welcome and PDFs.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { officeSettings as officeSettingsAnswer, type OfficeSettings } from '@shared/contract/ajustes';
import type { Db } from '../../db/client';
import { ajustes } from '../../db/schema/index';
import { DEFAULT_SETTINGS } from '../../db/seed/base';
import { answers } from '../../lib/responses';

export async function officeSettings(db: Db): Promise<OfficeSettings> {
  const rows = await db.select().from(ajustes);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return {
    officeName: stored.officeName ?? DEFAULT_SETTINGS.officeName,
    shortName: stored.shortName ?? DEFAULT_SETTINGS.shortName,
    cityLabel: stored.cityLabel ?? DEFAULT_SETTINGS.cityLabel,
  };
}

export default async function ajustesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/ajustes', { schema: { response: answers({ 200: officeSettingsAnswer }) } }, () => officeSettings(app.db));
}
