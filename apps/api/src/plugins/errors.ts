import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isTransient } from '@coup/worker';

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

/** The HTTP handler of a WebSocket route: a plain request gets 426 with the error shape (not a bare 404). */
export async function upgradeRequired(_req: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(426)
    .header('upgrade', 'websocket')
    .send({
      error: { code: 'upgrade_required', message: 'a WebSocket endpoint: connect with a WebSocket client' },
    });
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request'],
  FST_ERR_VALIDATION: [400, 'validation_failed'],
};

/** One JSON error shape for every 4xx and 5xx: `{ error: { code, message, details? } }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof HttpError) {
      return reply
        .code(err.statusCode)
        .send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: `${err.validationContext ?? 'body'}${v.instancePath.replaceAll('/', '.')}`,
        message: v.message,
      }));
      const first = details[0];
      const message = first ? `${first.path}: ${first.message}` : 'invalid request';
      return reply.code(400).send({ error: { code: 'validation_failed', message, details } });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ error: { code: 'internal', message: 'internal error' } });
    }
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (mapped) return reply.code(mapped[0]).send({ error: { code: mapped[1], message: err.message } });
    const status = err.statusCode ?? 500;
    // Postgres or Redis away for a moment (a restart, an outage): the request was fine, try again later.
    if (status >= 500 && isTransient(err)) {
      req.log.warn({ err: err.message }, 'a backing service is unreachable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({
          error: { code: 'unavailable', message: 'the database or Redis is unreachable; retry shortly' },
        });
    }
    if (status >= 500) {
      req.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ error: { code: 'internal', message: 'internal error' } });
    }
    const code = status === 429 ? 'rate_limited' : status === 404 ? 'not_found' : 'bad_request';
    // Plugins may throw plain objects: the message must still be a string (the response schemas say so).
    const message =
      typeof err.message === 'string' && err.message ? err.message : (STATUS_CODES[status] ?? code);
    return reply.code(status).send({ error: { code, message } });
  });
  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send({ error: { code: 'not_found', message: `no route ${req.method} ${req.url.split('?')[0]}` } });
  });
});
