// Response schemas of a route: its answer for each success status and the error body for any 4xx or 5xx
// (docs/architecture.md, "The shape of a module").
import { z } from 'zod';
import { errorResponse } from '@shared/contract/common';

type Success = Partial<Record<200 | 201, z.ZodType>>;

/** `{ 200: schema }` (or 201) plus the error body every route may answer with. */
export function answers<S extends Success>(ok: S) {
  return { ...ok, '4xx': errorResponse, '5xx': errorResponse };
}
