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
