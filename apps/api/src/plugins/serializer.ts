import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// How responses become JSON. By default through the route's zod schema (fastify-type-provider-zod): the
// body is checked against it and stripped to it, then JSON.stringify'd; a body that does not match is a 500.
// That check was 12-15% of the API's CPU on the hot reads (issue 23), so the 200 responses of the routes
// below are written by a serializer compiled from the same schema instead (fast-json-stringify, fastify's
// own): the same bytes for a body that matches (properties in the schema's order, unknown ones left out),
// without re-checking what the route's presenter built from typed rows. The declared schemas, and so the
// OpenAPI document, are unchanged; serializer.test.ts checks both paths agree on bodies of every shape.

/** `METHOD /url` of the routes whose 200 responses use a compiled serializer: the hot reads. */
export const COMPILED_RESPONSES = new Set([
  'GET /v1/matches',
  'GET /v1/matches/:id',
  'GET /v1/agents/:id',
  'GET /v1/leaderboard',
]);

/** A function writing `schema`'s values as JSON, compiled from its JSON Schema (zod's, as it outputs). */
export function compiledSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJson(withoutRequired(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as object);
}

/**
 * The JSON Schema without its `required` lists: fast-json-stringify writes required properties first, zod in
 * the schema's order, and the bytes must not change. (These schemas have no union that `required` decides:
 * every anyOf is a type or null, serializer.test.ts.)
 */
function withoutRequired(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutRequired);
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k, x]) => !(k === 'required' && Array.isArray(x)))
      .map(([k, x]) => [k, withoutRequired(x)]),
  );
}

export const responseSerializer: FastifySerializerCompiler<unknown> = (route) => {
  if (String(route.httpStatus) === '200' && COMPILED_RESPONSES.has(`${route.method} ${route.url}`)) {
    return compiledSerializer(route.schema as z.ZodType);
  }
  return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
};
