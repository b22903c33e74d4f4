// A route from its endpoint declaration (shared/contract): the module gives only the handler, which calls the
// service. Method, path, the schemas of params, query and body, the answer schemas and who may call it come
// from the declaration (docs/architecture.md, "The endpoint table").
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import {
  isFileAnswer,
  type AnswerIn,
  type BodyOut,
  type EndpointDef,
  type FileAnswer,
  type ParamsOut,
  type QueryOut,
} from '@shared/contract/endpoint';
import { sendJson, type JsonRows } from './json-rows';
import type { JsonText } from './list-delta';
import { answers } from './responses';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was made from (the role guard reads its access). */
    endpoint?: EndpointDef;
  }
}

/** The request as the handler sees it: params, query and body already validated by their schemas. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;

type ListText<A> = A extends z.ZodArray<infer Row> ? JsonRows<z.input<Row>> : A extends z.ZodObject ? JsonText<z.input<A>> : never;

/**
 * What a handler returns: the answer (checked against its schema when the code is type-checked, encoded by it when
 * sent), a list's JSON text built by the database (`jsonRows`), or, for a file answer, the reply it sent.
 */
export type EndpointResult<E extends EndpointDef> = E['answer'] extends FileAnswer ? FastifyReply : AnswerIn<E> | ListText<E['answer']>;

export type EndpointHandler<E extends EndpointDef> = (req: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointResult<E>>;

/** Hooks a route may add to its declaration (a photo upload checks its owner before the body is read). */
type Extra = Pick<RouteShorthandOptions, 'onRequest' | 'preValidation' | 'bodyLimit'>;

/** The response schemas of a declaration: its answer for its success status plus the error body. */
function responseOf(e: EndpointDef) {
  if (isFileAnswer(e.answer)) return undefined;
  return answers({ [e.status ?? 200]: e.answer });
}

/** Registers the route of `e` with `handler`. */
export function route<const E extends EndpointDef>(app: FastifyInstance, e: E, handler: EndpointHandler<E>, extra: Extra = {}): void {
  const status = e.status ?? 200;
  app.route({
    method: e.method,
    url: e.path,
    // Only the schemas it has: Fastify warns (FSTWRN001) about every key given as undefined.
    schema: {
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      ...(isFileAnswer(e.answer) ? {} : { response: responseOf(e) }),
    },
    config: { endpoint: e },
    ...extra,
    handler: async (req, reply) => {
      const out = await handler(req as EndpointRequest<E>, reply);
      if (isFileAnswer(e.answer)) return out;
      if (typeof out === 'string') return sendJson(req, reply.code(status), out as JsonRows<unknown>);
      return reply.code(status).send(out);
    },
  });
}
