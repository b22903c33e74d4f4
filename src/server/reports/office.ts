// What every server PDF prints besides its content: the office name (the caller reads the settings: a report
// reaches into no module), the logo and the Lima time.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { LIMA_TZ, limaDate } from '@shared/domain/dates';
import type { OfficeSettings } from '@shared/contract/ajustes';
import type { Config } from '../config';

let logo: Promise<Uint8Array | undefined> | null = null;

/** The PWA's logo: from the built client when there is one, else from the sources' public/ folder. */
function logoPng(config: Pick<Config, 'STATIC_DIR'>): Promise<Uint8Array | undefined> {
  logo ??= (async () => {
    for (const file of [join(resolve(config.STATIC_DIR), 'logo.png'), resolve(import.meta.dirname, '../../../public/logo.png')]) {
      const bytes = await readFile(file).catch(() => null);
      if (bytes) return new Uint8Array(bytes);
    }
    return undefined;
  })();
  return logo;
}

export interface OfficePdf {
  officeName: string;
  logoPng?: Uint8Array;
  /** 'YYYY-MM-DD HH:mm:ss', Lima time. */
  generatedAt: string;
  /** Node's native zlib for the pages' content streams (pdf-lib's own deflate is JavaScript, several times slower). */
  deflate: (bytes: Uint8Array) => Uint8Array;
}

/** `settings`: the office's, from `officeSettings` (modules/ajustes). */
export async function officePdf(config: Pick<Config, 'STATIC_DIR'>, settings: Pick<OfficeSettings, 'officeName'>): Promise<OfficePdf> {
  const now = new Date();
  return {
    officeName: settings.officeName,
    logoPng: await logoPng(config),
    generatedAt: `${limaDate(now)} ${now.toLocaleTimeString('es-PE', { timeZone: LIMA_TZ, hour12: false })}`,
    // The fastest level: a wear report of 130 pages compresses 4× faster than at the default, for 10 % more bytes.
    deflate: (bytes) => deflateSync(bytes, { level: 1 }),
  };
}
