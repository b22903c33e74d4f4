// Office settings: the stored keys over the defaults of the seed.
import type { OfficeSettings } from '@shared/contract/ajustes';
import type { Db } from '../../db/client';
import { ajustes } from '../../db/schema/index';
import { DEFAULT_SETTINGS } from '../../db/seed/base';

export async function officeSettings(db: Db): Promise<OfficeSettings> {
  const rows = await db.select().from(ajustes);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return {
    officeName: stored.officeName ?? DEFAULT_SETTINGS.officeName,
    shortName: stored.shortName ?? DEFAULT_SETTINGS.shortName,
    cityLabel: stored.cityLabel ?? DEFAULT_SETTINGS.cityLabel,
  };
}
