import fc from 'fast-check';

// What a generated request is, as fast-check values: a seed for the valid parts (sampled from the
// operation's schemas) and at most one mutation that makes it wrong in one way. A plan is turned into a
// request against the current fixture only when sent (fuzz-request.ts), so plans stay plain data that
// fast-check can print and replay from its seed.

export type Auth = 'owner' | 'other' | 'admin' | 'none' | 'unknown' | 'malformed';

export type Mutation =
  | { kind: 'none' }
  /** Sets the n-th body property (modulo their count) to any JSON value: wrong types, nulls, nesting. */
  | { kind: 'body-value'; field: number; value: unknown }
  | { kind: 'body-drop'; field: number }
  | { kind: 'body-extra'; key: string; value: unknown }
  /** The whole body replaced by any JSON value (an array, a string, null...). */
  | { kind: 'body-replace'; value: unknown }
  /** Bytes that may not be JSON, under any content type (or none). */
  | { kind: 'body-raw'; text: string; contentType: string | null }
  /** A string of `size` characters in the n-th property: within limits, over maxLength, over the body limit. */
  | { kind: 'body-huge'; field: number; size: number }
  /** A NUL character (or an unpaired surrogate) in the n-th string of the request: body, query or path. */
  | { kind: 'bad-text'; field: number; text: string }
  | { kind: 'query-value'; param: number; value: string }
  | { kind: 'query-extra'; key: string; value: string }
  /** The n-th query parameter twice (`?limit=1&limit=2`). */
  | { kind: 'query-repeat'; param: number }
  /** A path parameter replaced: any text (encoded) or raw bytes such as bad percent-encoding. */
  | { kind: 'path-value'; param: number; value: string; encoded: boolean }
  | { kind: 'header'; name: string; value: string };

export interface Plan {
  /** Seeds json-schema-faker for the valid parts. */
  seed: number;
  allOptionals: boolean;
  auth: Auth;
  /** Path parameters and ids in bodies: the fixture's resources, or well-formed ids that name nothing. */
  ids: 'fixture' | 'sampled';
  /** The last byte of the client address (X-Forwarded-For), so per-address limits rarely answer for all. */
  ip: number;
  mutation: Mutation;
}

/** Any text, including what breaks things: control characters, unpaired surrogates, long runs. */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '../..',
    '%00',
    '${x}',
    "'; --",
    'null',
    '-1',
    '1e999',
  ),
  fc.string({ minLength: 200, maxLength: 3000 }),
);

/** Over Node's header size limit (16 KB): 431 in a header, 414 in the URL, over a real socket. */
const overLimit = fc.constantFrom('x'.repeat(20_000), 'y'.repeat(70_000));

/** Path-parameter replacements sent without encoding: bad percent-encoding and very long segments. */
const rawPathText = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  '%00',
  '%2F',
  '..',
  'ag_%ED%A0%80',
  `ag_${'a'.repeat(150)}`,
);

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '/;;',
  null,
);

const headerNames = fc.constantFrom(
  'authorization',
  'content-type',
  'accept',
  'accept-encoding',
  'x-forwarded-for',
  'content-encoding',
  'x-anything',
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
  fc.record({
    kind: fc.constant('body-value' as const),
    field: fc.nat(),
    value: fc.jsonValue({ maxDepth: 2 }),
  }),
  fc.record({ kind: fc.constant('body-drop' as const), field: fc.nat() }),
  fc.record({
    kind: fc.constant('body-extra' as const),
    key: fc.oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.constantFrom('__proto__', 'constructor', 'id'),
    ),
    value: fc.jsonValue({ maxDepth: 1 }),
  }),
  fc.record({ kind: fc.constant('body-replace' as const), value: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({
    kind: fc.constant('body-raw' as const),
    text: fc.oneof(
      anyText,
      fc.json(),
      fc.constantFrom('{', '{"a":1}}', '[1,', '{"a": 1e999999}', '\u0000'),
      // Nested around MAX_JSON_DEPTH (64) and far past any stack.
      fc.constantFrom(63, 64, 65, 9000).map((n) => `{"x":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`),
    ),
    contentType: contentTypes,
  }),
  fc.record({
    kind: fc.constant('body-huge' as const),
    field: fc.nat(),
    size: fc.constantFrom(100, 4001, 20_000, 70_000, 300_000),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bad-text' as const),
      field: fc.nat(),
      text: fc.constantFrom('\u0000', 'x\u0000', '\ud800', '\udfff'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('query-value' as const),
      param: fc.nat(),
      value: fc.oneof({ weight: 9, arbitrary: anyText }, overLimit),
    }),
  },
  fc.record({
    kind: fc.constant('query-extra' as const),
    key: fc.string({ minLength: 1, maxLength: 12 }),
    value: anyText,
  }),
  fc.record({ kind: fc.constant('query-repeat' as const), param: fc.nat() }),
  fc.record({
    kind: fc.constant('path-value' as const),
    param: fc.nat(),
    value: fc.oneof(anyText, rawPathText),
    encoded: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('header' as const),
    name: headerNames,
    value: fc.oneof({ weight: 4, arbitrary: anyText }, overLimit),
  }),
);

export const planArbitrary: fc.Arbitrary<Plan> = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  allOptionals: fc.boolean(),
  auth: fc.oneof(
    { weight: 4, arbitrary: fc.constant('owner' as const) },
    { weight: 2, arbitrary: fc.constant('admin' as const) },
    fc.constantFrom('other' as const, 'none' as const, 'unknown' as const, 'malformed' as const),
  ),
  ids: fc.oneof({ weight: 3, arbitrary: fc.constant('fixture' as const) }, fc.constant('sampled' as const)),
  ip: fc.integer({ min: 1, max: 254 }),
  mutation,
});
