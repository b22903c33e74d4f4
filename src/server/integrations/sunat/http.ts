// SUNAT lookups against the real service (SUNAT_URL), written through to the mirror; the mirror
// answers when the service fails or does not know the RUC.
//
// Expected remote shape:
//   GET {SUNAT_URL}/ruc/{ruc}
//     200 { ruc?, razon_social | razonSocial, direccion? }      404 (or 200 with null) unknown RUC
import { z } from 'zod';
import type { Db } from '../../db/client';
import { clip, getJson, parseRemote, remoteOrMirror, remoteUrl, type HttpOptions } from '../shared';
import { isRuc, type Sunat } from './index';
import { mirrorContribuyente, upsertContribuyentes } from './mirror';

const SOURCE = 'sunat';

export const remoteContribuyente = z
  .object({ razon_social: clip(250), razonSocial: clip(250), direccion: clip(250) })
  .refine((r) => r.razon_social || r.razonSocial, { message: 'razon_social', path: ['razon_social'] });

export function httpSunat(db: Db, baseUrl: string, opts: HttpOptions = {}): Sunat {
  return {
    findByRuc: async (ruc) => {
      if (!isRuc(ruc)) return null;
      return remoteOrMirror(
        SOURCE,
        opts,
        async () => {
          const body = await getJson(SOURCE, remoteUrl(baseUrl, ['ruc', ruc]), opts);
          if (body === null) return null;
          const r = parseRemote(SOURCE, remoteContribuyente, body);
          const row = { ruc, razon_social: (r.razon_social ?? r.razonSocial) as string, direccion: r.direccion };
          await upsertContribuyentes(db, [row]);
          return row;
        },
        () => mirrorContribuyente(db, ruc),
      );
    },
  };
}
