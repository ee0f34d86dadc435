import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { addEdgeErrors } from './edge-errors';
import { isTransient } from '@coup/platform';
import { HttpError, uriTooLong } from '../errors';

// For routes/agents.ts until it imports them from ../errors (it is being reworked beside this change).
export { conflict, notFound } from '../errors';

/** The HTTP handler of a WebSocket route: a plain request gets 426 with the error shape (not a bare 404). */
export async function upgradeRequired(_req: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(426)
    .header('upgrade', 'websocket')
    .send({
      error: { code: 'upgrade_required', message: 'a WebSocket endpoint: connect with a WebSocket client' },
    });
}

/**
 * Fastify's `frameworkErrors`: errors met while routing, before any route or error handler runs (a URL
 * that is not valid percent-encoding, a path segment over `maxParamLength`). Same shape as every error.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const path = req.raw.url?.split('?')[0] ?? '';
  const shown = path.length > 200 ? `${path.slice(0, 200)}...` : path;
  if (err.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({
      error: { code: 'invalid_url', message: `the URL path is not valid percent-encoding: ${shown}` },
    });
  }
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    const e = uriTooLong(req.server.initialConfig.maxParamLength ?? 100);
    return reply.code(e.statusCode).send({ error: { code: e.code, message: e.message } });
  }
  req.log.error({ err }, 'routing error');
  return reply.code(500).send({ error: { code: 'internal', message: 'internal error' } });
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_request'],
  FST_ERR_VALIDATION: [400, 'validation_failed'],
};

/** Fastify's messages for body errors, made to say what the client should send instead. */
function frameworkMessage(err: FastifyError, req: FastifyRequest): string {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return `the body is larger than the limit of ${req.server.initialConfig.bodyLimit ?? 1 << 20} bytes`;
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const type = req.headers['content-type'];
    return `send the body as application/json${type ? ` (got ${JSON.stringify(type.slice(0, 100))})` : ''}`;
  }
  return err.message;
}

/** One JSON error shape for every 4xx and 5xx: `{ error: { code, message, details? } }`. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Registered first, so every route after it gets the platform's own errors in its response schemas (and
  // so in the OpenAPI document).
  app.addHook('onRoute', addEdgeErrors);
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
    if (mapped) {
      return reply.code(mapped[0]).send({ error: { code: mapped[1], message: frameworkMessage(err, req) } });
    }
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
