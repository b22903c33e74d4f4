// List deltas (docs/architecture.md, "List deltas"): a list that a device keeps declares, beside its list endpoint,
// a delta endpoint taking the same filter plus the device's sync point and answering what changed since.
import { z } from 'zod';

/** The device's sync point for a list and filter, as the last delta answered it; absent for the whole list. */
const since = z.string().max(40).nullish();

/** The list's filter with the sync point. */
export const deltaBody = <B extends z.ZodObject>(body: B) => body.safeExtend({ since });

/**
 * What changed since the sync point: the rows added or edited, the keys the device drops (deleted, or edited out
 * of the filter) and the new sync point; `full` when the rows are the whole list (no usable sync point: the device
 * replaces its copy).
 */
export const listDelta = <R extends z.ZodType>(row: R) =>
  z.object({ cursor: z.string(), full: z.boolean(), rows: z.array(row), deleted: z.array(z.number()) });

export interface ListDelta<R> {
  cursor: string;
  full: boolean;
  rows: R[];
  deleted: number[];
}
