import { createHash } from 'node:crypto';
import { Answer, MAX_COMMENT } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';
import type { AgentOptions, DecideResult } from './types';

/** Turns whatever decide returned into a wire answer, or throws a TypeError that says what is wrong. */
export function toAnswer(result: DecideResult): Answer {
  if (typeof result !== 'object' || result === null) {
    throw new TypeError('decide must return an action ({ type, data? }) or an answer ({ action, comment? })');
  }
  const candidate: { action?: unknown; comment?: unknown; [k: string]: unknown } =
    'action' in result ? { ...result } : { action: result };
  // A long comment would turn a good move into an invalid_answer fault: cut it instead.
  if (typeof candidate.comment === 'string' && candidate.comment.length > MAX_COMMENT) {
    candidate.comment = candidate.comment.slice(0, MAX_COMMENT);
  }
  const parsed = Answer.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TypeError(
      `decide returned an invalid answer: ${issue?.path.join('.') || 'answer'}: ${issue?.message}`,
    );
  }
  return candidate as Answer;
}

/**
 * What the question is, whatever its deadline: the seat's situation and its legal actions. An answer is
 * reused only for the very same question.
 */
function questionOf(req: DecisionRequest): string {
  const q = JSON.stringify([req.matchId, req.seat, req.phase, req.state, req.legalActions]);
  return createHash('sha256').update(q).digest('base64url');
}

/**
 * Answers by decisionId, so that a decision sent again (an HTTP retry, a WebSocket resend after a
 * reconnect) gets the same answer without calling decide twice, even while the first call is running.
 * Decision ids are unique per attempt of a match (PROTOCOL.md); as a second guard, an id that comes back
 * with a different question (a platform that re-ran a match under the same ids) is decided afresh, never
 * answered with the old question's answer.
 */
export class AnswerCache {
  private readonly answers = new Map<string, { question: string; answer: Promise<Answer> }>();

  constructor(private readonly limit = 4096) {}

  get size(): number {
    return this.answers.size;
  }

  answer(req: DecisionRequest, decide: AgentOptions['decide']): Promise<Answer> {
    const question = questionOf(req);
    const cached = this.answers.get(req.decisionId);
    if (cached?.question === question) return cached.answer;
    if (cached) this.answers.delete(req.decisionId);
    const pending = Promise.resolve()
      .then(() => decide(req))
      .then(toAnswer);
    const entry = { question, answer: pending };
    this.answers.set(req.decisionId, entry);
    // A failed decision is not cached: a retry calls decide again.
    pending.catch(() => {
      if (this.answers.get(req.decisionId) === entry) this.answers.delete(req.decisionId);
    });
    // Oldest first: a Map iterates in insertion order.
    while (this.answers.size > this.limit) {
      const oldest = this.answers.keys().next().value;
      if (oldest === undefined) break;
      this.answers.delete(oldest);
    }
    return pending;
  }
}
