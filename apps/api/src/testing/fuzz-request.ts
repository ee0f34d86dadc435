import type { JsonSchema, OpenApiDoc, OpenApiOperation } from './bad-values';
import { deref } from './bad-values';
import type { Fixture } from './fixtures';
import type { Plan } from './fuzz-plan';
import { sampleOf, sampleText } from './openapi-sample';

// A plan (fuzz-plan.ts) made into one HTTP request for one OpenAPI operation: valid parts sampled from the
// operation's schemas with the plan's seed, the fixture's resources and keys, then the plan's mutation.

export interface FuzzOperation {
  method: string;
  /** As in the OpenAPI document: `/v1/agents/{id}`. */
  path: string;
  op: OpenApiOperation;
}

export interface FuzzContext {
  doc: OpenApiDoc;
  fixture: Fixture;
  /** An account that owns nothing of the fixture's. */
  otherKey: string;
  adminKey: string;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Path parameters as sent (decoded), to see which fixture resource the request acted on. */
  params: Record<string, string>;
}

/** encodeURIComponent, except that an unpaired surrogate (which it refuses) becomes its raw UTF-8 bytes. */
export function encodeAny(s: string): string {
  return s
    .split(/(\p{Cs})/u)
    .map((part, i) => (i % 2 === 1 ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

const ID = /^(ag|mt|ev|acc)_[A-Za-z0-9]+$/;

function fixtureIdFor(sample: string, f: Fixture): string {
  const prefix = ID.exec(sample)?.[1];
  if (prefix === 'ag') return f.agentId;
  if (prefix === 'mt') return f.matchId;
  if (prefix === 'ev') return f.eventId;
  if (prefix === 'acc') return f.owner.id;
  return sample;
}

/** Every id in a sampled value made into the fixture's resource of that kind. */
function useFixtureIds(v: unknown, f: Fixture): unknown {
  if (typeof v === 'string') return fixtureIdFor(v, f);
  if (Array.isArray(v)) return v.map((x) => useFixtureIds(x, f));
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, useFixtureIds(x, f)]));
  }
  return v;
}

/** Sets a property, `__proto__` included (as an own property, so JSON.stringify sends it). */
function setProperty(o: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(o, key, { value, enumerable: true, configurable: true, writable: true });
}

const insertInto = (s: string, text: string) => s.slice(0, s.length >> 1) + text + s.slice(s.length >> 1);

/** A path segment that stays one segment of this route (never empty, `.` or `..`). */
function segment(encoded: string): string {
  let decoded = encoded;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    // bad percent-encoding on purpose
  }
  return encoded === '' || decoded === '.' || decoded === '..' || /[/?#]/.test(encoded)
    ? `x${encoded.replace(/[/?#]/g, '')}`
    : encoded;
}

function authHeader(plan: Plan, ctx: FuzzContext): string | undefined {
  switch (plan.auth) {
    case 'owner':
      return `Bearer ${ctx.fixture.owner.key}`;
    case 'other':
      return `Bearer ${ctx.otherKey}`;
    case 'admin':
      return `Bearer ${ctx.adminKey}`;
    case 'unknown':
      return 'Bearer ck_doesNotExist0000000000';
    case 'malformed':
      return 'Token abc def';
    default:
      return undefined;
  }
}

export function buildRequest(o: FuzzOperation, plan: Plan, ctx: FuzzContext): FuzzRequest {
  const { doc, fixture } = ctx;
  const seed = plan.seed;
  const parameters = o.op.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');

  const params: Record<string, string> = {};
  pathParams.forEach((p, i) => {
    const sampled = sampleText(doc, p.schema, seed + i);
    params[p.name] = plan.ids === 'fixture' ? fixtureIdFor(sampled, fixture) : sampled;
  });
  const query: [string, string][] = [];
  queryParams.forEach((p, i) => {
    if (p.required || plan.allOptionals || (seed >> i) % 2 === 0) {
      query.push([p.name, sampleText(doc, p.schema, seed + 100 + i)]);
    }
  });
  const bodySchema: JsonSchema | undefined = o.op.requestBody?.content?.['application/json']?.schema;
  let body: unknown = bodySchema
    ? sampleOf(doc, deref(doc, bodySchema), seed, { allOptionals: plan.allOptionals })
    : undefined;
  if (body !== undefined && plan.ids === 'fixture') body = useFixtureIds(body, fixture);
  let raw: { text: string; contentType: string | null } | undefined;
  const rawSegments: Record<string, string> = {};
  const headers: Record<string, string> = { 'x-forwarded-for': `198.18.0.${plan.ip}` };

  const m = plan.mutation;
  const obj =
    body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  const keys = obj ? Object.keys(obj) : [];
  switch (m.kind) {
    case 'body-value':
      if (obj && keys.length) obj[keys[m.field % keys.length] as string] = m.value;
      else body = m.value;
      break;
    case 'body-drop':
      if (obj && keys.length) delete obj[keys[m.field % keys.length] as string];
      break;
    case 'body-extra':
      if (obj) setProperty(obj, m.key, m.value);
      else body = { [m.key]: m.value };
      break;
    case 'body-replace':
      body = m.value;
      break;
    case 'body-raw':
      raw = { text: m.text, contentType: m.contentType };
      break;
    case 'body-huge':
      if (obj && keys.length) obj[keys[m.field % keys.length] as string] = 'x'.repeat(m.size);
      else body = { pad: 'x'.repeat(m.size) };
      break;
    case 'bad-text': {
      // The strings of the request: top-level body strings, query values, path parameters.
      const slots = [
        ...keys.filter((k) => typeof obj?.[k] === 'string').map((k) => ['body', k] as const),
        ...query.map((_q, i) => ['query', String(i)] as const),
        ...pathParams.map((p) => ['path', p.name] as const),
      ];
      const slot = slots[m.field % Math.max(1, slots.length)];
      if (!slot) break;
      const [where, key] = slot;
      if (where === 'body' && obj) obj[key] = insertInto(String(obj[key]), m.text);
      if (where === 'query') {
        const q = query[Number(key)] as [string, string];
        q[1] = insertInto(q[1], m.text);
      }
      if (where === 'path') params[key] = insertInto(params[key] ?? '', m.text);
      break;
    }
    case 'query-value': {
      const p = queryParams[m.param % Math.max(1, queryParams.length)];
      const name = p?.name ?? 'x';
      const i = query.findIndex(([k]) => k === name);
      if (i >= 0) query[i] = [name, m.value];
      else query.push([name, m.value]);
      break;
    }
    case 'query-extra':
      query.push([m.key, m.value]);
      break;
    case 'query-repeat': {
      const p = queryParams[m.param % Math.max(1, queryParams.length)];
      if (p)
        query.push(
          [p.name, sampleText(doc, p.schema, seed + 7)],
          [p.name, sampleText(doc, p.schema, seed + 8)],
        );
      break;
    }
    case 'path-value': {
      const p = pathParams[m.param % Math.max(1, pathParams.length)];
      if (!p) break;
      if (m.encoded) params[p.name] = m.value;
      else rawSegments[p.name] = m.value;
      break;
    }
    case 'header':
      headers[m.name] = m.value;
      break;
    case 'none':
      break;
  }

  const auth = authHeader(plan, ctx);
  if (auth && !(m.kind === 'header' && m.name === 'authorization')) headers.authorization = auth;
  let payload: string | undefined;
  if (raw) {
    payload = raw.text;
    if (raw.contentType !== null) headers['content-type'] ??= raw.contentType;
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] ??= 'application/json';
  }
  const path = o.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) =>
    segment(rawSegments[name] ?? encodeAny(params[name] ?? '')),
  );
  const qs = query.map(([k, v]) => `${encodeAny(k)}=${encodeAny(v)}`).join('&');
  return {
    method: o.method,
    url: qs ? `${path}?${qs}` : path,
    headers,
    ...(payload !== undefined ? { body: payload } : {}),
    params,
  };
}
