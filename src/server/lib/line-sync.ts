// The plan of a master-detail save (exits, requests, costs, daily reports of a valuation): which lines to
// insert, update and delete, given the stored lines, the lines sent and the `trash` list.
import { MSG } from '@shared/messages';
import { badRequest } from './errors';

export interface LinePlan<S, I> {
  inserts: I[];
  updates: { stored: S; incoming: I }[];
  deletes: S[];
  /** Stored lines kept unchanged (neither sent nor trashed). */
  kept: S[];
}

/**
 * Splits a save of lines into inserts (no id), updates (id of a stored line) and deletes (trash).
 * An id that is not one of the record's lines is a 400: a client can never touch another record's lines.
 */
export function planLineSync<S, I>(
  stored: readonly S[],
  incoming: readonly I[],
  trash: readonly number[],
  storedId: (s: S) => number,
  incomingId: (i: I) => number | null | undefined,
): LinePlan<S, I> {
  const byId = new Map(stored.map((s) => [storedId(s), s]));
  const trashSet = new Set(trash);
  for (const t of trashSet) if (!byId.has(t)) throw badRequest(MSG.lineNotInRecord);
  const plan: LinePlan<S, I> = { inserts: [], updates: [], deletes: [], kept: [] };
  const touched = new Set<number>();
  for (const line of incoming) {
    const lid = incomingId(line);
    if (lid == null) {
      plan.inserts.push(line);
      continue;
    }
    const s = byId.get(lid);
    if (!s || touched.has(lid)) throw badRequest(MSG.lineNotInRecord);
    touched.add(lid);
    if (trashSet.has(lid)) continue; // sent and trashed: trash wins
    plan.updates.push({ stored: s, incoming: line });
  }
  for (const s of stored) {
    const sid = storedId(s);
    if (trashSet.has(sid)) plan.deletes.push(s);
    else if (!touched.has(sid)) plan.kept.push(s);
  }
  return plan;
}
