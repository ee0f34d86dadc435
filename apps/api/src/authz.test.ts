import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { Account, ApiResponse, Harness } from './testing/harness';
import { fillPath, mutatingV1Routes } from './testing/routes';

// The authorisation matrix over every mutating /v1 route, listed from the app itself: a new route fails the
// first test until it is described in ROUTES below. For each: no key and a bad key get 401, another
// account gets 403 where the resource has an owner (a 404 would hide that it exists from nobody), the
// operator's admin key is accepted or refused as the route says, and the owner succeeds.

interface Fixture {
  owner: Account;
  other: Account;
  agentId: string;
  /** An open-entry event starting in an hour. */
  eventId: string;
  /** The owner's table (a casual match with the owner's seat), once a route's `prepare` opened one. */
  tableId?: string;
  /** The owner's experiment, once a route's `prepare` started one. */
  experimentId?: string;
}

interface RouteSpec {
  /**
   * public: anyone; account: any account (nothing owned); caller: any account or the operator's admin key;
   * owner: the resource's owner (or the operator).
   */
  kind: 'public' | 'account' | 'caller' | 'owner' | 'admin';
  ok: number;
  body?: (f: Fixture) => unknown;
  /** Runs before the calls (the resource they act on). */
  prepare?: (f: Fixture) => Promise<void>;
  /** Checks after the owner's call. */
  after?: (f: Fixture, res: ApiResponse) => Promise<void>;
}

const ROUTES: Record<string, RouteSpec> = {
  'POST /v1/accounts': { kind: 'public', ok: 201, body: () => ({ name: uniqueName('acct') }) },
  'POST /v1/accounts/me/rotate-key': {
    kind: 'account',
    ok: 200,
    after: async (f) => {
      // The old key stops working at once.
      expect((await h.api('GET', '/v1/accounts/me', { key: f.owner.key })).status).toBe(401);
    },
  },
  'POST /v1/agents': {
    kind: 'account',
    ok: 201,
    body: () => ({ name: uniqueName('agent'), endpointUrl: 'http://127.0.0.1:9' }),
  },
  'PATCH /v1/agents/:id': { kind: 'owner', ok: 200, body: () => ({ modelName: 'renamed' }) },
  'DELETE /v1/agents/:id': { kind: 'owner', ok: 204 },
  'POST /v1/agents/:id/pause': { kind: 'owner', ok: 200 },
  'POST /v1/agents/:id/resume': { kind: 'owner', ok: 200 },
  'POST /v1/agents/:id/rotate-secret': { kind: 'owner', ok: 200 },
  'POST /v1/agents/:id/check': { kind: 'owner', ok: 200 },
  'POST /v1/agents/:id/queue': { kind: 'owner', ok: 200 },
  'DELETE /v1/agents/:id/queue': { kind: 'owner', ok: 200 },
  // The operator may queue matches too (ranked ones: only the operator, see match-rules.test.ts).
  'POST /v1/matches': { kind: 'caller', ok: 201, body: (f) => ({ agents: [f.agentId, f.agentId] }) },
  'POST /v1/admin/ratings/check': { kind: 'admin', ok: 200 },
  // An experiment is its creator's: an account (the admin key has none to own it).
  'POST /v1/experiments': {
    kind: 'account',
    ok: 201,
    body: (f) => ({
      modelName: 'stand-in-7b',
      strategyPrompts: ['a', 'b'],
      opponents: [f.agentId],
      deals: 1,
    }),
  },
  // Cancelling: its owner, or the operator (another account: 403, the experiment being public to read).
  'DELETE /v1/experiments/:id': {
    kind: 'owner',
    ok: 200,
    prepare: async (f) => {
      const res = await h.api<{ id: string }>('POST', '/v1/experiments', {
        key: f.owner.key,
        body: { modelName: 'stand-in-7b', strategyPrompts: ['a', 'b'], opponents: [f.agentId], deals: 1 },
      });
      expect(res.status, res.text).toBe(201);
      f.experimentId = res.body.id;
    },
  },
  'POST /v1/events': { kind: 'admin', ok: 201, body: () => eventBody() },
  'POST /v1/events/:id/entries': { kind: 'owner', ok: 201, body: (f) => ({ agentId: f.agentId }) },
  'POST /v1/tables': { kind: 'account', ok: 201, body: (f) => ({ opponents: [f.agentId] }) },
  // A table is its person's: another account has no seat there (403), the operator has no account (403).
  'POST /v1/tables/:id/ticket': {
    kind: 'account',
    ok: 200,
    prepare: async (f) => {
      const res = await h.api<{ match: { id: string } }>('POST', '/v1/tables', {
        key: f.owner.key,
        body: { opponents: [f.agentId] },
      });
      expect(res.status, res.text).toBe(201);
      f.tableId = res.body.match.id;
    },
    after: async (f) => {
      const theirs = await h.api<{ error: { code: string } }>('POST', `/v1/tables/${f.tableId}/ticket`, {
        key: f.other.key,
      });
      expectError(theirs, 403, "another account's key");
      expect(theirs.body.error.code).toBe('not_your_table');
    },
  },
  'DELETE /v1/events/:id/entries/:agentId': {
    kind: 'owner',
    ok: 204,
    prepare: async (f) => {
      const res = await h.api('POST', `/v1/events/${f.eventId}/entries`, {
        key: f.owner.key,
        body: { agentId: f.agentId },
      });
      expect(res.status, res.text).toBe(201);
    },
  },
};

const eventBody = () => ({
  name: uniqueName('event'),
  format: 'round_robin',
  seatsPerMatch: 2,
  rounds: 1,
  entry: 'open',
  startsAt: new Date(Date.now() + 3_600_000).toISOString(),
});

let h: Harness;

beforeAll(async () => {
  h = await startHarness({
    worker: false,
    // A model server is configured (never called: no worker here), so experiments can be created.
    env: { EVENTS_ENABLED: 'true', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODELS: 'stand-in-7b' },
  });
});

afterAll(async () => {
  await h?.stop();
});

async function fixture(): Promise<Fixture> {
  const [owner, other] = await Promise.all([h.createAccount(), h.createAccount()]);
  const agent = await h.registerAgent(owner.key, {
    name: uniqueName('owned'),
    endpointUrl: 'http://127.0.0.1:9',
  });
  const event = await h.api<{ id: string }>('POST', '/v1/events', { key: h.adminKey, body: eventBody() });
  expect(event.status, event.text).toBe(201);
  return { owner, other, agentId: agent.id, eventId: event.body.id };
}

/**
 * `:id` is the event of an /events route, the table of a /tables route, the experiment of an /experiments
 * route, else the agent; `:agentId` is the agent.
 */
function pathFor(pattern: string, f: Fixture): string {
  const id = pattern.startsWith('/v1/events/')
    ? f.eventId
    : pattern.startsWith('/v1/tables/')
      ? (f.tableId ?? 'mt_none')
      : pattern.startsWith('/v1/experiments/')
        ? (f.experimentId ?? 'ex_none')
        : f.agentId;
  return fillPath(pattern, {
    id,
    agentId: f.agentId,
  });
}

function expectError(res: ApiResponse, status: number, what: string) {
  expect(res.status, `${what}: ${res.text}`).toBe(status);
  expect(errorShapeProblem(res.body), what).toBeNull();
}

describe('authorisation matrix', () => {
  it('describes every mutating /v1 route', () => {
    const routes = mutatingV1Routes(h.platform.app);
    const missing = routes.filter((r) => !ROUTES[r]);
    expect(missing, 'describe these routes in ROUTES (authz.test.ts)').toEqual([]);
    const gone = Object.keys(ROUTES).filter((r) => !routes.includes(r));
    expect(gone, 'these routes no longer exist').toEqual([]);
  });

  for (const [route, spec] of Object.entries(ROUTES)) {
    it(route, async () => {
      const [method, pattern] = route.split(' ') as [string, string];
      const f = await fixture();
      await spec.prepare?.(f);
      const path = pathFor(pattern, f);
      const call = (headers: Record<string, string> = {}) =>
        h.api(method, path, { headers, ...(spec.body ? { body: spec.body(f) } : {}) });
      const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

      if (spec.kind !== 'public') {
        expectError(await call(), 401, 'no key');
        expectError(await call(bearer('ck_00000000000000000000000000000000')), 401, 'an unknown key');
        expectError(await call({ authorization: `Basic ${f.owner.key}` }), 401, 'not a bearer token');
        expectError(await call({ authorization: 'Bearer' }), 401, 'an empty bearer token');
      }
      if (spec.kind === 'owner' || spec.kind === 'admin') {
        expectError(await call(bearer(f.other.key)), 403, "another account's key");
      }
      if (spec.kind === 'admin') expectError(await call(bearer(f.owner.key)), 403, "an account's key");
      if (spec.kind === 'account') {
        // The operator's key has no account to act for.
        expectError(await call(bearer(h.adminKey)), 403, 'the admin key');
      }
      if (spec.kind === 'caller') {
        const asAdmin = await call(bearer(h.adminKey));
        expect(asAdmin.status, `the admin key: ${asAdmin.text}`).toBe(spec.ok);
      }

      const caller = spec.kind === 'public' ? {} : bearer(spec.kind === 'admin' ? h.adminKey : f.owner.key);
      const res = await call(caller);
      expect(res.status, `the owner: ${res.text}`).toBe(spec.ok);
      await spec.after?.(f, res);

      if (spec.kind === 'owner') {
        // The operator may act on anything (on a resource of its own, as the owner call may have used it up).
        const g = await fixture();
        await spec.prepare?.(g);
        const asAdmin = await h.api(method, pathFor(pattern, g), {
          key: h.adminKey,
          ...(spec.body ? { body: spec.body(g) } : {}),
        });
        expect(asAdmin.status, `the admin key: ${asAdmin.text}`).toBe(spec.ok);
      }
    });
  }

  it('checks the key before the body: no key with a bad body is 401, not 400', async () => {
    for (const [method, path] of [
      ['POST', '/v1/matches'],
      ['POST', '/v1/agents'],
      ['POST', '/v1/events'],
    ] as const) {
      const res = await h.api<{ error: { code: string } }>(method, path, { raw: '{"not": json' });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
  });

  it("an agent's owner sees its private fields; others see only the public profile", async () => {
    const f = await fixture();
    const mine = await h.api<Record<string, unknown>>('GET', `/v1/agents/${f.agentId}`, { key: f.owner.key });
    expect(mine.body.endpointUrl).toBe('http://127.0.0.1:9');
    for (const key of [f.other.key, undefined]) {
      const theirs = await h.api<Record<string, unknown>>(
        'GET',
        `/v1/agents/${f.agentId}`,
        key ? { key } : {},
      );
      expect(theirs.status).toBe(200);
      expect(theirs.body).not.toHaveProperty('endpointUrl');
      expect(theirs.body).not.toHaveProperty('strategyPrompt');
    }
    // An agent's secret never leaves the platform after registration.
    const all = await h.api('GET', '/v1/agents?limit=100', { key: f.owner.key });
    expect(all.text).not.toMatch(/"secret|as_[A-Za-z0-9]{32}/);
  });

  it('a deleted agent is gone for its owner too (404), and cannot be queued', async () => {
    const f = await fixture();
    expect((await h.api('DELETE', `/v1/agents/${f.agentId}`, { key: f.owner.key })).status).toBe(204);
    expectError(
      await h.api('PATCH', `/v1/agents/${f.agentId}`, { key: f.owner.key, body: {} }),
      404,
      'patch',
    );
    const queued = await h.api('POST', '/v1/matches', {
      key: f.owner.key,
      body: { agents: [f.agentId, f.agentId] },
    });
    expectError(queued, 404, 'queue');
  });
});
