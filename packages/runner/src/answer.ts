import { matchLegal } from '@coup/engine';
import type { Action } from '@coup/engine';
import { Answer, findUnstorableText, tooDeepMessage, unstorableMessage, valueTooDeep } from '@coup/protocol';
import type { Fault } from '@coup/protocol';

/** An answer body checked at the edge: the legal action it names, or the fault it is. */
export type CheckedAnswer =
  { ok: true; action: Action; raw: unknown; comment?: string } | { ok: false; fault: Fault; raw: unknown };

/** Raw actions bigger than this are not copied into the replay (the body itself is capped at 64 KB). */
const MAX_STORED_ACTION = 1024;

export function checkAnswer(body: unknown, legal: readonly Action[]): CheckedAnswer {
  try {
    return check(body, legal);
  } catch (err) {
    // Only in-process agents can hand over such things (getters that throw, cycles, BigInt).
    const message = `unreadable answer: ${err instanceof Error ? err.message : String(err)}`;
    return { ok: false, fault: { reason: 'invalid_answer', message }, raw: null };
  }
}

function check(body: unknown, legal: readonly Action[]): CheckedAnswer {
  const own = ownLegal(body, legal);
  if (own) return { ok: true, action: own, raw: own };
  // Before anything else reads it: validators, previews and serialisers recurse, and would overflow.
  if (valueTooDeep(body)) {
    return { ok: false, fault: { reason: 'invalid_answer', message: tooDeepMessage('answer') }, raw: null };
  }
  const parsed = Answer.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'answer';
    const message = `${where}: ${issue?.message ?? 'invalid'} (got ${preview(body)})`;
    return { ok: false, fault: { reason: 'invalid_answer', message }, raw: null };
  }
  // The action and the comment go into the replay (jsonb), which cannot hold NUL or unpaired surrogates.
  const bad = findUnstorableText({ action: parsed.data.action, comment: parsed.data.comment }, 'answer');
  if (bad)
    return { ok: false, fault: { reason: 'invalid_answer', message: unstorableMessage(bad) }, raw: null };
  const raw = storable(parsed.data.action);
  const action = matchLegal(legal, parsed.data.action);
  if (!action) {
    const options = legal.map((a) => (a.data ? `${a.type} ${JSON.stringify(a.data)}` : a.type)).join(', ');
    const message = `${preview(parsed.data.action)} is not one of: ${options}`;
    return { ok: false, fault: { reason: 'illegal_action', message }, raw };
  }
  const out: CheckedAnswer = { ok: true, action, raw };
  if (parsed.data.comment !== undefined) out.comment = parsed.data.comment;
  return out;
}

/**
 * The legal action an in-process agent (a house bot) handed back as it got it: `{ action }` (or with
 * `history`, a string) whose action is one of `legal` itself, the engine's own object. Nothing in it can
 * be malformed, deep, unstorable or large, so the answer is that action, as the full check would find it
 * (answer.test.ts checks the two agree on every legal action of random games); about a twentieth of a
 * house match's worker CPU was this check. Null for anything else (every body that came over a wire).
 */
function ownLegal(body: unknown, legal: readonly Action[]): Action | null {
  if (typeof body !== 'object' || body === null || Object.getPrototypeOf(body) !== Object.prototype) {
    return null;
  }
  const b = body as { action?: unknown; history?: unknown };
  let keys = 0;
  for (const k in b) {
    if (!Object.prototype.hasOwnProperty.call(b, k)) return null;
    if (k !== 'action' && !(k === 'history' && typeof b.history === 'string')) return null;
    keys++;
  }
  if (keys === 0) return null;
  for (let i = 0; i < legal.length; i++) if (legal[i] === b.action) return legal[i] as Action;
  return null;
}

/** The parsed action (a fresh object made by zod) when small enough to keep in the replay. */
function storable(action: unknown): unknown {
  try {
    return JSON.stringify(action).length <= MAX_STORED_ACTION ? action : null;
  } catch {
    return null;
  }
}

function preview(value: unknown): string {
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = Object.prototype.toString.call(value);
  }
  return json.length > 120 ? `${json.slice(0, 120)}...` : json;
}
