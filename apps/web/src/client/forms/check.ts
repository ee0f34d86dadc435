import type * as z from 'zod';
import { ApiError } from '../api';

// Forms are checked in the browser with the request schemas the API validates with (@coup/api-contract/forms),
// so a form says what the API would say, in the same words, before anything is sent; what only the API can
// tell (a taken name, an address it may not call, a spent budget) comes back as its error and is shown the
// same way. The API names a field `body.<path>` (`body.strategyPrompts.1`); so do these problems.

export interface FieldProblem {
  /** The field's path in the body, dot-separated (`name`, `strategyPrompts.1`); '' for the whole body. */
  field: string;
  message: string;
}

export type Checked<T> = { ok: true; data: T } | { ok: false; problems: FieldProblem[] };

/** Parses `body` with the API's schema for it. */
export function check<S extends z.ZodType>(schema: S, body: unknown): Checked<z.output<S>> {
  const r = schema.safeParse(body);
  if (r.success) return { ok: true, data: r.data };
  return {
    ok: false,
    problems: r.error.issues.map((i) => ({ field: i.path.map(String).join('.'), message: i.message })),
  };
}

/** The API's message for a problem, as its 400 validation_failed says it: "body.name: ...". */
export const apiWording = (p: FieldProblem) => (p.field ? `body.${p.field}: ${p.message}` : p.message);

/** What an API error says about fields: a 400's `details` ({ path: "body.name", message }), if any. */
export function problemsOf(err: unknown): FieldProblem[] {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return [];
  return (err.details as unknown[]).flatMap((d) => {
    const path = (d as { path?: unknown } | null)?.path;
    const message = (d as { message?: unknown } | null)?.message;
    if (typeof path !== 'string' || typeof message !== 'string') return [];
    return [{ field: path.replace(/^body\.?/, ''), message }];
  });
}
