import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnstorableText, unstorableMessage } from '@coup/protocol';
import type { UnstorableText } from '@coup/protocol';
import { badRequest } from './errors';

const refuse = (u: UnstorableText) =>
  badRequest(unstorableMessage(u), [{ path: u.path, message: u.problem }]);

/**
 * Postgres cannot store the NUL character (nor, in jsonb, an unpaired surrogate): a string carrying one
 * would fail its write with a 500. Every string of every request (path parameters, query, headers, JSON
 * body, keys included) is checked here, once for all routes, and such a string is a 400 `validation_failed`
 * naming the field.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  // Before authentication (route onRequest hooks run after these): such a header is refused too.
  app.addHook('onRequest', async (req) => {
    const found =
      findUnstorableText(req.params, 'params') ??
      findUnstorableText(req.query, 'query') ??
      findUnstorableText(req.headers, 'headers');
    if (found) throw refuse(found);
  });
  // Before schema validation, so the answer names that rather than some other rule the value breaks.
  app.addHook('preValidation', async (req) => {
    const found = findUnstorableText(req.body, 'body');
    if (found) throw refuse(found);
  });
});
