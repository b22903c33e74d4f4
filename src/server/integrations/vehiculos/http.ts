// Vehicle registry searches against the real service (VEHICULOS_URL); found vehicles are written to
// the mirror (which gives them their veh_id) and the answer is read back from it, so imported vehicles
// are suggested too; the mirror alone answers when the service fails.
//
// Expected remote shape:
//   GET {VEHICULOS_URL}/vehiculos?q={term}
//     200 [{ placa | veh_placa, marca?, modelo?, anio?, descripcion? }]  (or { items: [...] })
import { z } from 'zod';
import type { Db } from '../../db/client';
import { clip, getJson, parseRemote, remoteOrMirror, remoteUrl, type HttpOptions } from '../shared';
import { plateKey, type Vehiculos } from './index';
import { mirrorVehiculos, upsertVehiculos } from './mirror';

const SOURCE = 'vehiculos';

const remoteVehiculo = z
  .object({
    placa: clip(20),
    veh_placa: clip(20),
    marca: clip(100),
    modelo: clip(100),
    anio: z.coerce.number().int().min(1900).max(2100).nullish().catch(null),
    descripcion: clip(200),
  })
  .refine((v) => v.placa || v.veh_placa, { message: 'placa', path: ['placa'] });

export const remoteVehiculos = z.union([z.array(remoteVehiculo), z.object({ items: z.array(remoteVehiculo) }).transform((o) => o.items)]);

export function httpVehiculos(db: Db, baseUrl: string, opts: HttpOptions = {}): Vehiculos {
  return {
    search: async (term) => {
      const key = plateKey(term);
      if (!key) return [];
      return remoteOrMirror(
        SOURCE,
        opts,
        async () => {
          const body = await getJson(SOURCE, remoteUrl(baseUrl, ['vehiculos'], { q: term.trim() }), opts);
          if (body === null) return null;
          const found = parseRemote(SOURCE, remoteVehiculos, body).map((v) => ({
            veh_placa: ((v.veh_placa ?? v.placa) as string).toUpperCase(),
            marca: v.marca,
            modelo: v.modelo,
            anio: v.anio ?? null,
            descripcion: v.descripcion,
          }));
          await upsertVehiculos(db, found.slice(0, 100));
          // The mirror now holds the answer (with our veh_id) next to imported vehicles.
          return mirrorVehiculos(db, term);
        },
        () => mirrorVehiculos(db, term),
      );
    },
  };
}
