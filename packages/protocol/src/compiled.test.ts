import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DecisionRequest } from './messages';
import { ServerMessage } from './websocket';

// DecisionRequest and ServerMessage are compiled ahead of time (z.compile). A compiled schema's async parse
// runs the schema's own runtime parser, so comparing the two proves the compiled one answers the same:
// on every golden request, and on those requests broken in every way a generator finds.

const DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));
const requests = readdirSync(DIR)
  .filter((f) => /decision-.*\.json$/.test(f))
  .map((f) => JSON.parse(readFileSync(`${DIR}${f}`, 'utf8')) as Record<string, unknown>);

async function agree(value: unknown): Promise<void> {
  for (const schema of [DecisionRequest, ServerMessage]) {
    const fast = schema.safeParse(value);
    const runtime = await schema.safeParseAsync(value);
    expect(fast.success).toBe(runtime.success);
    if (fast.success) expect(fast.data).toEqual(runtime.data);
    else expect(fast.error?.issues).toEqual(runtime.error?.issues);
  }
}

/** A copy of `value` with the thing at `path` replaced (or deleted when `to` is the DELETE marker). */
const DELETE = Symbol('delete');
function replaced(value: unknown, path: (string | number)[], to: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (to === DELETE) delete at[last];
  else at[last] = to;
  return copy;
}

/** Every path to a value inside `value` (objects and arrays walked). */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((k) => [
    [...prefix, k],
    ...paths((value as Record<string | number, unknown>)[k], [...prefix, k]),
  ]);
}

describe('compiled wire schemas', () => {
  it('parse every golden decision request as the runtime schema does', async () => {
    expect(requests.length).toBeGreaterThanOrEqual(10);
    for (const r of requests) {
      expect(DecisionRequest.safeParse(r).success).toBe(true);
      await agree(r);
      await agree({ ...r, type: 'decision' });
    }
  });

  it('reject broken requests with the runtime schema issues', async () => {
    const odd = fc.oneof(
      fc.constant(DELETE),
      fc.constant(null),
      fc.constant(undefined),
      fc.integer({ min: -10, max: 10 }),
      fc.double(),
      fc.string({ maxLength: 4 }),
      fc.boolean(),
      fc.constant([]),
      fc.constant({}),
      fc.constantFrom('action', 'block', 'duke', 'income', 'coup'),
    );
    const broken = fc
      .integer({ min: 0, max: requests.length - 1 })
      .chain((i) => {
        const r = requests[i]!;
        return fc.tuple(fc.constant(r), fc.constantFrom(...paths(r)), odd);
      })
      .map(([r, path, to]) => replaced(r, path, to));
    await fc.assert(fc.asyncProperty(broken, agree), { numRuns: 2000 });
  });
});
