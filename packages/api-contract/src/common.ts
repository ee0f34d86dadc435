import * as z from 'zod';
// The ids alone (a module without imports): the web UI's forms bundle this file, not the engine.
import { RULESET_IDS } from '@coup/engine/names';

export const ErrorBody = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'Error' });

/** The error responses every route may give, for the OpenAPI document. */
export const errors = (...codes: (400 | 401 | 403 | 404 | 409 | 413 | 429 | 503)[]) =>
  Object.fromEntries(codes.map((c) => [c, ErrorBody])) as Record<number, typeof ErrorBody>;

/**
 * The error shape with a description of the codes a route gives for one status, so clients can read in
 * the OpenAPI document which `error.code` means what. The code stays a string: other layers (auth, the
 * rate limit) may answer with the same status.
 */
export const errorCodes = (codes: readonly string[], description: string) =>
  z
    .object({
      error: z.object({
        code: z.string().meta({ examples: [...codes] }),
        message: z.string(),
        details: z.unknown().optional(),
      }),
    })
    .meta({ description });

export const idOf = (prefix: string) =>
  z
    .string()
    .max(64)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9]+$`), `expected an id like ${prefix}_...`);

export const AgentId = idOf('ag');
export const MatchId = idOf('mt');
export const AccountId = idOf('acc');
export const EventId = idOf('ev');

export const Name = z
  .string()
  .min(2)
  .max(40)
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
    'letters, digits, "_", "." and "-", starting with a letter or digit',
  );

/**
 * A whole number in a query string. Stricter than z.coerce: an empty value, `0x10` or `1e2` is an error,
 * not 0 or 16 or 100.
 */
export const queryInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
    // One message for every way a value misses, saying what is allowed (`limit=101` is told the limit).
    z
      .number({ error: `expected a whole number from ${min} to ${max}` })
      .int()
      .min(min)
      .max(max),
  );

export const Limit = queryInt(1, 100).default(20);

export const Page = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** Pass as `cursor` to get the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });

export const Timestamp = z.iso.datetime();

/** A ruleset the platform plays (the engine's RULESETS ids); every match, event and experiment names one. */
export const Ruleset = z.enum(RULESET_IDS, {
  error: (issue) =>
    `unknown ruleset ${JSON.stringify(issue.input)}: this platform plays ${RULESET_IDS.join(', ')}`,
});

/** The rulesets an agent plays (it is only ever seated in a match of one of them): at least one, no repeats. */
export const Rulesets = z
  .array(Ruleset)
  .min(1, 'rulesets needs at least one ruleset')
  .max(RULESET_IDS.length)
  .refine((xs) => new Set(xs).size === xs.length, 'rulesets lists a ruleset twice');
