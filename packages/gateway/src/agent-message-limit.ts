/**
 * What an agent socket may send: one answer to each decision it was sent, plus `perSecond` other messages
 * (duplicate or unsolicited answers, invalid frames) per second. Answers owed are not counted, so a fast
 * agent playing many matches is never cut off, while a flood is: its socket is closed.
 */
export class AgentMessageLimit {
  private windowStart = -Infinity;
  private count = 0;
  /** Decisions sent on the socket and not answered yet, with their deadlines. */
  private readonly owed = new Map<string, number>();

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A decision went out on the socket: its first answer is owed, not counted. */
  sent(decisionId: string, deadline: number): void {
    if (this.owed.size >= 1000) {
      const t = this.now();
      for (const [id, d] of this.owed) if (d < t) this.owed.delete(id);
    }
    this.owed.set(decisionId, deadline);
  }

  /** Counts one received message (`answers`: the decision it answers, if any); false: over the limit. */
  admit(answers?: string): boolean {
    if (answers !== undefined && this.owed.delete(answers)) return true;
    const t = this.now();
    if (t - this.windowStart >= 1000) {
      this.windowStart = t;
      this.count = 0;
    }
    return ++this.count <= this.perSecond;
  }
}
