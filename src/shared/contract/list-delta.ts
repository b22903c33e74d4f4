// List deltas (docs/architecture.md, "List deltas"): a list that a device keeps declares, beside its list endpoint,
// a delta endpoint taking the same filter plus the device's sync point and answering what changed since.
import { z } from 'zod';
import { endpoint, type Access } from './endpoint';

/** The device's sync point for a list and filter, as the last delta answered it; absent for the whole list. */
const since = z.string().max(40).nullish();

/** The list's filter with the sync point. */
const deltaBody = <B extends z.ZodObject>(body: B) => body.safeExtend({ since });

/**
 * What changed since the sync point: the rows added or edited, the keys the device drops (deleted, or edited out
 * of the filter) and the new sync point; `full` when the rows are the whole list (no usable sync point: the device
 * replaces its copy).
 */
const listDelta = <R extends z.ZodType>(row: R) =>
  z.object({ cursor: z.string(), full: z.boolean(), rows: z.array(row), deleted: z.array(z.number()) });

export interface ListDelta<R> {
  cursor: string;
  full: boolean;
  rows: R[];
  deleted: number[];
}

/** The delta endpoint of a list endpoint (`<list path>/delta`): its filter plus `since`, the same readers. */
export function deltaEndpoint<B extends z.ZodObject, R extends z.ZodType>(
  list: { path: string; access: Access; body: B },
  row: R,
  what: string,
) {
  return endpoint({
    method: 'POST',
    path: `${list.path}/delta` as `/api/${string}`,
    summary: `Lo que cambió en ${what} desde el punto de sincronización del dispositivo (o la lista entera sin él)`,
    description: `Con el mismo filtro que ${list.path} y el cursor \`since\` de la respuesta anterior: las filas nuevas o editadas desde entonces, los id a quitar (eliminadas o que dejaron el filtro) y el cursor nuevo. Sin cursor, o con uno de otra base de datos o más viejo que las eliminaciones guardadas, responde la lista entera con \`full: true\`.`,
    access: list.access,
    body: deltaBody(list.body),
    answer: listDelta(row),
  });
}
