// RENIEC lookups against the real service (RENIEC_URL), written through to the mirror; the mirror
// answers when the service fails or does not know the DNI.
//
// Expected remote shape:
//   GET {RENIEC_URL}/dni/{dni}
//     200 { dni?, prenombres, apPrimer, apSegundo?, direccion?, fecha_nac? | fechaNacimiento?, celular?, email? }
//     404 (or 200 with null) unknown DNI
import { z } from 'zod';
import type { Db } from '../../db/client';
import { clip, getJson, looseDate, parseRemote, remoteOrMirror, remoteUrl, reqClip, type HttpOptions } from '../shared';
import { isDni, type PersonaInput, type Reniec } from './index';
import { mirrorPersona, upsertPersonas } from './mirror';

const SOURCE = 'reniec';

export const remotePersona = z.object({
  prenombres: reqClip(120),
  apPrimer: reqClip(80),
  apSegundo: clip(80),
  direccion: clip(250),
  fecha_nac: looseDate.optional(),
  fechaNacimiento: looseDate.optional(),
  celular: clip(20),
  email: clip(120),
});

export function httpReniec(db: Db, baseUrl: string, opts: HttpOptions = {}): Reniec {
  return {
    findByDni: async (dni) => {
      if (!isDni(dni)) return null;
      return remoteOrMirror(
        SOURCE,
        opts,
        async () => {
          const body = await getJson(SOURCE, remoteUrl(baseUrl, ['dni', dni]), opts);
          if (body === null) return null;
          const r = parseRemote(SOURCE, remotePersona, body);
          const persona: PersonaInput = {
            dni,
            prenombres: r.prenombres,
            apPrimer: r.apPrimer,
            apSegundo: r.apSegundo ?? '',
            direccion: r.direccion,
            fecha_nac: r.fecha_nac ?? r.fechaNacimiento ?? null,
            celular: r.celular,
            email: r.email,
          };
          await upsertPersonas(db, [persona]);
          return mirrorPersona(db, dni);
        },
        () => mirrorPersona(db, dni),
      );
    },
  };
}
