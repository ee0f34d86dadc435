import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@coup/db';
import type { OpenApiDoc, OpenApiOperation } from './testing/bad-values';
import { ContractChecker } from './testing/contract';
import type { ObservedResponse } from './testing/contract';
import { createFixture } from './testing/fixtures';
import { planArbitrary } from './testing/fuzz-plan';
import type { Plan } from './testing/fuzz-plan';
import { buildRequest } from './testing/fuzz-request';
import type { FuzzContext, FuzzOperation, FuzzRequest } from './testing/fuzz-request';
import { startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';

// The API against its own OpenAPI document (the committed openapi.yaml): for every operation, requests
// generated with fast-check from the operation's schemas, valid and mutated (wrong types, missing and
// unknown fields, other bodies and content types, NUL characters and unpaired surrogates, huge strings and
// bodies, bad ids and percent-encoding, odd headers and keys). Every answer must be a documented status
// with a body valid against its documented schema: no 5xx, nothing undocumented. Most requests go
// in-process (app.inject); a share go over real sockets, where no connection may be dropped.
// FUZZ_RUNS (per operation, default 60) and FUZZ_SEED (default fixed) make the run bigger or different.

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const HTTP_RUNS = Math.max(3, Math.round(RUNS / 8));
const SEED = Number(process.env.FUZZ_SEED ?? 20261108);

let h: Harness;
let doc: OpenApiDoc;
let checker: ContractChecker;
let ctx: FuzzContext;
/** Statuses seen per operation, for the coverage check at the end. */
const seen = new Map<string, Set<number>>();

const committed = parse(readFileSync(path.join(repoRoot, 'openapi.yaml'), 'utf8')) as OpenApiDoc;
const operations: FuzzOperation[] = Object.entries(committed.paths).flatMap(([p, methods]) =>
  Object.entries(methods).map(([m, op]) => ({
    method: m.toUpperCase(),
    path: p,
    op: op as OpenApiOperation,
  })),
);

beforeAll(async () => {
  h = await startHarness({ worker: false, env: { EVENTS_ENABLED: 'true' } });
  doc = committed;
  checker = new ContractChecker(doc);
  const other = await h.createAccount();
  ctx = { doc, fixture: await createFixture(h), otherKey: other.key, adminKey: h.adminKey };
});

afterAll(async () => {
  await h?.stop();
});

async function viaInject(req: FuzzRequest): Promise<ObservedResponse> {
  const res = await h.platform.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    ...(req.body !== undefined ? { payload: req.body } : {}),
  });
  const type = res.headers['content-type'];
  return { status: res.statusCode, contentType: typeof type === 'string' ? type : undefined, body: res.body };
}

/** Header values an HTTP client can send at all (a NUL or a line break never leaves fetch). */
const SENDABLE = /^[\t\x20-\x7e\x80-\xff]*$/;

async function viaSocket(req: FuzzRequest): Promise<ObservedResponse> {
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([, v]) => SENDABLE.test(v)));
  const bodyless = req.method === 'GET' || req.method === 'HEAD';
  let res: Response;
  try {
    res = await fetch(`${h.url}${req.url}`, {
      method: req.method,
      headers,
      ...(req.body !== undefined && !bodyless ? { body: req.body } : {}),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`dropped connection: ${cause?.code ?? ''} ${cause?.message ?? String(err)}`);
  }
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? undefined,
    body: await res.text(),
  };
}

/** Keeps the fixture usable: a rotated key is the new key, a deleted agent is replaced. */
async function follow(o: FuzzOperation, req: FuzzRequest, res: ObservedResponse) {
  const f = ctx.fixture;
  if (o.path === '/v1/accounts/me/rotate-key' && res.status === 200) {
    const apiKey = (JSON.parse(res.body) as { apiKey: string }).apiKey;
    if (req.headers.authorization === `Bearer ${f.owner.key}`) f.owner.key = apiKey;
    if (req.headers.authorization === `Bearer ${ctx.otherKey}`) ctx.otherKey = apiKey;
  }
  if (
    o.method === 'DELETE' &&
    o.path === '/v1/agents/{id}' &&
    res.status === 204 &&
    req.params.id === f.agentId
  ) {
    f.agentId = (
      await h.registerAgent(f.owner.key, { name: uniqueName('a'), endpointUrl: 'http://127.0.0.1:9' })
    ).id;
  }
}

async function exercise(o: FuzzOperation, plan: Plan, send: (r: FuzzRequest) => Promise<ObservedResponse>) {
  const req = buildRequest(o, plan, ctx);
  const res = await send(req);
  await follow(o, req, res);
  const key = `${o.method} ${o.path}`;
  seen.set(key, (seen.get(key) ?? new Set()).add(res.status));
  const problem = checker.problem(o.method, o.path, res);
  if (problem) {
    const body = req.body === undefined ? '' : ` body ${JSON.stringify(req.body.slice(0, 300))}`;
    throw new Error(
      `${req.method} ${req.url.slice(0, 300)} headers ${JSON.stringify(req.headers).slice(0, 300)}${body}\n  -> ${problem}`,
    );
  }
}

describe('every operation holds its OpenAPI contract under generated requests', () => {
  it('the document lists the operations to fuzz, and the checker refuses what it does not say', () => {
    expect(operations.length).toBeGreaterThan(25);
    const json = 'application/json; charset=utf-8';
    const error = JSON.stringify({ error: { code: 'x', message: 'y' } });
    expect(
      checker.problem('GET', '/v1/leaderboard', { status: 400, contentType: json, body: error }),
    ).toBeNull();
    for (const res of [
      { status: 500, contentType: json, body: error },
      { status: 418, contentType: json, body: error },
      { status: 400, contentType: json, body: '{"error":"Bad Request","statusCode":400}' },
      { status: 400, contentType: 'text/html', body: error },
      { status: 200, contentType: json, body: '{"items":"nope"}' },
    ]) {
      expect(checker.problem('GET', '/v1/leaderboard', res), JSON.stringify(res)).not.toBeNull();
    }
  });

  operations.forEach((o, i) => {
    it(`${o.method} ${o.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(planArbitrary, (plan) => exercise(o, plan, viaInject)),
        { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
      );
    });
  });

  it('over real sockets: same contract, and no connection is dropped', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations), planArbitrary, (o, plan) =>
        exercise(o, plan, viaSocket),
      ),
      { seed: SEED, numRuns: HTTP_RUNS * operations.length, endOnFailure: true },
    );
  });

  it('reached both the success and the error answers of most operations', () => {
    const succeeded = operations.filter((o) =>
      [...(seen.get(`${o.method} ${o.path}`) ?? [])].some((s) => s < 300),
    );
    const failed = operations.filter((o) =>
      [...(seen.get(`${o.method} ${o.path}`) ?? [])].some((s) => s >= 400),
    );
    const summary = operations.map(
      (o) => `${o.method} ${o.path}: ${[...(seen.get(`${o.method} ${o.path}`) ?? [])].sort().join(' ')}`,
    );
    if (process.env.FUZZ_REPORT) console.log(summary.join('\n'));
    expect(failed.length, summary.join('\n')).toBeGreaterThan(operations.length * 0.9);
    expect(
      succeeded.length,
      `2xx seen for ${succeeded.map((o) => `${o.method} ${o.path}`).join(', ')}`,
    ).toBeGreaterThan(operations.length * 0.6);
  });
});
