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
  return fastJson(forWriting(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as object);
}

/**
 * The JSON Schema as fast-json-stringify writes it the way zod does. Without its `required` lists: it writes
 * required properties first, zod in the schema's order, and the bytes must not change (these schemas have no
 * union that `required` decides: every anyOf is one type or null, serializer.test.ts). And `anyOf: [{ type:
 * T, ... }, { type: 'null' }]` as `type: [T, 'null']`: it picks an anyOf's branch by validating the value
 * against each (ajv, 3% of the API's CPU on the hot reads), a type list by `=== null`.
 */
function forWriting(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(forWriting);
  if (!v || typeof v !== 'object') return v;
  const { anyOf, ...rest } = v as { anyOf?: { type?: unknown }[] };
  if (anyOf?.length === 2 && anyOf[1]?.type === 'null' && typeof anyOf[0]?.type === 'string') {
    const one = anyOf[0] as { type: string };
    return forWriting({ ...rest, ...one, type: [one.type, 'null'] });
  }
  return Object.fromEntries(
    Object.entries(v)
      .filter(([k, x]) => !(k === 'required' && Array.isArray(x)))
      .map(([k, x]) => [k, forWriting(x)]),
  );
}

export const responseSerializer: FastifySerializerCompiler<unknown> = (route) => {
  if (String(route.httpStatus) === '200' && COMPILED_RESPONSES.has(`${route.method} ${route.url}`)) {
    return compiledSerializer(route.schema as z.ZodType);
  }
  return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
};
