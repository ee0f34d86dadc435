import { describe, expect, it } from 'vitest';
import { generateSync } from 'json-schema-faker';
import type { JsonSchema } from 'json-schema-faker';
import { z } from 'zod';
import { AgentOut, Leaderboard, MatchOut, Page } from '@coup/api-contract';
import { compiledSerializer } from './serializer';

// The compiled serializers of the hot reads write what the zod path writes (check, strip, JSON.stringify):
// on values of every shape the schema allows (generated from it, seeded), and with a property it does not
// declare added to each object.

const SCHEMAS = {
  'Page(MatchOut)': Page(MatchOut),
  MatchOut,
  AgentOut,
  Leaderboard,
} as const;

/** `v` with an undeclared property on every object (a presenter's extra field, a row's column). */
function withExtras(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withExtras);
  if (v && typeof v === 'object') {
    return {
      ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withExtras(x)])),
      undeclared: 'x',
    };
  }
  return v;
}

describe('compiled response serializers', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`${name}: the same JSON text as zod's check and JSON.stringify`, () => {
      const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as JsonSchema;
      const write = compiledSerializer(schema);
      let compared = 0;
      for (let seed = 1; seed <= 100; seed++) {
        for (const allOptionals of [false, true]) {
          const value = generateSync(json, { seed, alwaysFakeOptionals: allOptionals });
          // The generator ignores some of zod's own checks (a record's keys); only what zod accepts counts.
          const checked = schema.safeEncode(value as never);
          if (!checked.success) continue;
          compared++;
          expect(write(value)).toBe(JSON.stringify(checked.data));
          // Where zod accepts the extras (it strips them from objects; a record keeps them as entries).
          const extra = schema.safeEncode(withExtras(value) as never);
          if (extra.success) expect(write(withExtras(value))).toBe(JSON.stringify(extra.data));
        }
      }
      expect(compared).toBeGreaterThan(20);
    });

    it(`${name}: every union is a type or null (the compiled one drops \`required\`, which could pick a branch)`, () => {
      const unions: string[] = [];
      const walk = (x: unknown, path: string) => {
        if (!x || typeof x !== 'object') return;
        const o = x as Record<string, unknown>;
        for (const k of ['oneOf', 'allOf']) if (k in o) unions.push(`${path}.${k}`);
        const anyOf = o.anyOf as { type?: string }[] | undefined;
        if (anyOf && anyOf.filter((b) => b.type !== 'null').length > 1) unions.push(`${path}.anyOf`);
        for (const [k, v] of Object.entries(o)) walk(v, `${path}.${k}`);
      };
      walk(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }), '');
      expect(unions).toEqual([]);
    });
  }
});
