// Application errors with an HTTP status and a Spanish message the client can show verbatim.
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string>,
    public extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
/** 403 for a business rule (a record in use, a billed report): the user may not do it to this record now. */
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const unprocessable = (message: string, extra?: Record<string, unknown>) => new AppError(422, message, undefined, extra);

/**
 * 403 for a missing permission: the user lacks the code (or it is someone else's own record). Kept apart from
 * `forbidden` so the Operations page counts these refusals and not the business ones (plugins/refusals.ts).
 */
export class PermissionDenied extends AppError {
  constructor(message: string) {
    super(403, message);
    this.name = 'PermissionDenied';
  }
}
export const denied = (message: string) => new PermissionDenied(message);

/** Answer of a replayed idempotent request (thrown inside runChange, sent by the error handler). */
export class IdempotentReplay extends Error {
  constructor(
    public statusCode: number,
    public body: unknown,
  ) {
    super('replay');
  }
}
