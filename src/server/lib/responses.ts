// Response schemas of a route: its answer for each success status and the error body for any 4xx or 5xx
// (docs/architecture.md, "The shape of a module").
import { z } from 'zod';
import { errorResponse, messageResponse } from '@shared/contract/common';

type Success = Partial<Record<200 | 201, z.ZodType>>;

/** `{ 200: schema }` (or 201) plus the error body every route may answer with. */
export function answers<S extends Success>(ok: S) {
  return { ...ok, '4xx': errorResponse, '5xx': errorResponse };
}

/** The answer of a delete and of actions that only report success: `{ message }`. */
export const messageAnswer = answers({ 200: messageResponse });

/** A list: `200` answers an array of `row` (sent as JSON text built by the database, see json-rows.ts). */
export const listAnswer = <T extends z.ZodType>(row: T) => answers({ 200: z.array(row) });
