import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { ROUTES } from '@coup/api-contract';
import { repoRoot } from '@coup/db';

// The typed client (@coup/api-contract/client) takes each call's response type from the contract's route
// table: every entry must be a route the API serves, answering with the same schema. Checked against
// openapi.yaml, which openapi.test.ts keeps equal to what the routes declare.

type Json = unknown;
interface Operation {
  responses: Record<string, { content?: { 'application/json'?: { schema?: Json } } }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

/** A schema with its references resolved, without descriptions and ids, single-value enums as consts. */
function plain(x: Json, defs: Record<string, Json>): Json {
  if (Array.isArray(x)) return x.map((v) => plain(v, defs));
  if (x === null || typeof x !== 'object') return x;
  const o = x as Record<string, Json>;
  if (typeof o.$ref === 'string') return plain(defs[o.$ref.split('/').pop() ?? ''], defs);
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(o)) {
    if (['description', 'id', '$schema', '$defs'].includes(k)) continue;
    if (k === 'enum' && Array.isArray(v) && v.length === 1) out.const = v[0];
    else out[k] = plain(v, defs);
  }
  return out;
}

describe('the route table of the REST contract', () => {
  const doc = parse(readFileSync(path.join(repoRoot, 'openapi.yaml'), 'utf8')) as Doc;

  it.each(Object.keys(ROUTES) as (keyof typeof ROUTES)[])('%s is served with its response schema', (key) => {
    const [method, route] = key.split(' ') as [string, string];
    const docPath = `/v1${route.split('?')[0]!.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    const op = doc.paths[docPath]?.[method.toLowerCase()];
    expect(op, `${method} ${docPath} in openapi.yaml`).toBeDefined();
    const status = Object.keys(op!.responses).find((s) => s.startsWith('2'));
    expect(status).toBeDefined();
    const served = op!.responses[status!]?.content?.['application/json']?.schema;
    const response = ROUTES[key].response as z.ZodType;
    if (served === undefined) {
      // No body (204): the table says null.
      expect(response.safeParse(null).success).toBe(true);
      return;
    }
    if (JSON.stringify(served) === '{}') {
      // The replay route declares no schema (its three shapes depend on the query): the table names them.
      expect(route.startsWith('/matches/:id/replay')).toBe(true);
      return;
    }
    const own = z.toJSONSchema(response, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });
    const ownDefs = ((own as { $defs?: Record<string, Json> }).$defs ?? {}) as Record<string, Json>;
    expect(plain(own, ownDefs)).toEqual(plain(served, doc.components.schemas));
  });
});
