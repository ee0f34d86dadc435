// The API's errors: what a route, service or repository throws when a request cannot be served. Each
// carries its HTTP status and a stable code; the errors plugin (plugins/errors.ts) turns it into the one
// error shape, `{ error: { code, message, details? } }`. Kept below every layer, so any of them may throw
// one without importing a plugin.

/** An error with an HTTP status and a stable code, thrown by route handlers. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);
export const forbidden = (message: string) => new HttpError(403, 'forbidden', message);
export const conflict = (message: string, details?: unknown) =>
  new HttpError(409, 'conflict', message, details);
export const badRequest = (message: string, details?: unknown) =>
  new HttpError(400, 'validation_failed', message, details);

export const uriTooLong = (maxParamLength: number) =>
  new HttpError(414, 'uri_too_long', `a path segment of the URL is longer than ${maxParamLength} characters`);
