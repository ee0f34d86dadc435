import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  findUnstorableText,
  jsonTextTooDeep,
  MAX_JSON_DEPTH,
  tooDeepMessage,
  unstorableMessage,
  valueTooDeep,
} from '@coup/protocol';
import type { UnstorableText } from '@coup/protocol';
import { badRequest } from '../errors';

const refuse = (u: UnstorableText) =>
  badRequest(unstorableMessage(u), [{ path: u.path, message: u.problem }]);

const refuseDeep = (where: string) =>
  badRequest(tooDeepMessage(where), [
    { path: where, message: `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep` },
  ]);

/** The first of params, query and headers nested too deep (the query parser may nest `a[b][c]=1`). */
function tooDeepPart(parts: Record<string, unknown>): string | null {
  for (const [where, value] of Object.entries(parts)) if (valueTooDeep(value)) return where;
  return null;
}

/**
 * What text the API accepts, checked once for all routes:
 * - Depth: a value nested more than MAX_JSON_DEPTH levels is a 400 `validation_failed` saying so. JSON
 *   bodies are judged on their text, before they are parsed; nothing (validation, the checks below, logging,
 *   serialising an error) then meets a value deep enough to overflow the stack.
 * - Postgres cannot store the NUL character (nor, in jsonb, an unpaired surrogate): a string carrying one
 *   would fail its write with a 500. Every string of every request (path parameters, query, headers, JSON
 *   body, keys included) is checked, and such a string is a 400 `validation_failed` naming the field.
 */
export const textGuardPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonTextTooDeep(body as string)) return done(refuseDeep('body'), undefined);
    parseJson(req, body as string, done);
  });
  // Before authentication (route onRequest hooks run after these): such a header is refused too.
  app.addHook('onRequest', async (req) => {
    const deep = tooDeepPart({ params: req.params, query: req.query });
    if (deep) throw refuseDeep(deep);
    const found =
      findUnstorableText(req.params, 'params') ??
      findUnstorableText(req.query, 'query') ??
      findUnstorableText(req.headers, 'headers');
    if (found) throw refuse(found);
  });
  // Before schema validation, so the answer names that rather than some other rule the value breaks. The
  // depth again for bodies no JSON parser read (another content type's parser, an injected object).
  app.addHook('preValidation', async (req) => {
    if (valueTooDeep(req.body)) throw refuseDeep('body');
    const found = findUnstorableText(req.body, 'body');
    if (found) throw refuse(found);
  });
});
