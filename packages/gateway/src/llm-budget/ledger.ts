import type { PrismaClient } from '@coup/db';
import { isTransient } from '../transient';
import { usageDay } from './day';

// The tokens of model answers, added to llm_token_usage (one row per UTC day, paying account, agent and
// model) as the calls complete, in the worker and in the API's /check. Calls complete one at a time, often
// several at once: what arrives while a write is in flight is summed and written next, so there is at most
// one write in flight per process and a busy worker writes a few rows a second, not one per call. A write
// that fails because Postgres is away is kept and tried again: tokens spent during an outage still count.

/** Tokens one model answer reported, and who pays for them. */
export interface TokenSpend {
  /** The account charged: see DESIGN.md "Model spending" (who pays). */
  accountId: string;
  agentId: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
}

/** Where model usage goes. */
export interface UsageSink {
  add(spend: TokenSpend): void;
  /** Resolves once what was added so far is written. */
  flush?(): Promise<void>;
}

interface Pending {
  day: string;
  accountId: string;
  agentId: string;
  model: string;
  prompt: number;
  completion: number;
  calls: number;
}

export interface LedgerOptions {
  /** Wait before trying a failed write again (Postgres away). Default 1 s. */
  retryMs?: number;
  /** The clock (tests). */
  now?: () => Date;
  /** A write failed (kept and retried when transient, dropped otherwise). */
  onError?: (err: unknown, kept: boolean) => void;
}

export class LlmUsageLedger implements UsageSink {
  private readonly pending = new Map<string, Pending>();
  private writing: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly o: LedgerOptions = {},
  ) {}

  add(s: TokenSpend): void {
    const prompt = Math.max(0, Math.floor(s.promptTokens));
    const completion = Math.max(0, Math.floor(s.completionTokens));
    if (prompt + completion === 0) return;
    const day = usageDay(this.o.now?.() ?? new Date());
    this.merge({
      day,
      accountId: s.accountId,
      agentId: s.agentId,
      model: s.model,
      prompt,
      completion,
      calls: 1,
    });
    this.kick();
  }

  /** Resolves once what was added so far is written (or its write failed and waits for a retry). */
  async flush(): Promise<void> {
    if (this.retryTimer && this.pending.size > 0) {
      clearTimeout(this.retryTimer);
      this.retryTimer = null;
      this.kick();
    }
    while (this.writing) await this.writing;
  }

  /** Writes what is pending (one last try) and stops retrying. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private merge(p: Pending): void {
    const key = `${p.day}\u0000${p.accountId}\u0000${p.agentId}\u0000${p.model}`;
    const had = this.pending.get(key);
    if (!had) {
      this.pending.set(key, { ...p });
      return;
    }
    had.prompt += p.prompt;
    had.completion += p.completion;
    had.calls += p.calls;
  }

  private kick(): void {
    if (this.writing || this.retryTimer || this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending.clear();
    this.writing = write(this.prisma, batch).then(
      () => {
        this.writing = null;
        this.kick();
      },
      (err: unknown) => {
        this.writing = null;
        // Postgres away: keep the tokens for the next try. Anything else (a row that cannot be written)
        // would fail forever: dropped, and said.
        const kept = isTransient(err) && !this.closed;
        if (kept) for (const p of batch) this.merge(p);
        this.o.onError?.(err, kept);
        if (!kept) return this.kick();
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.kick();
        }, this.o.retryMs ?? 1000);
        this.retryTimer.unref();
      },
    );
  }
}

/** One statement for the whole batch: an upsert that adds to the day's rows. */
async function write(prisma: PrismaClient, batch: Pending[]): Promise<void> {
  await prisma.$executeRaw`
    INSERT INTO llm_token_usage AS u
      (day, account_id, agent_id, model, prompt_tokens, completion_tokens, calls, updated_at)
    SELECT t.day::date, t.account_id, t.agent_id, t.model, t.prompt, t.completion, t.calls, now()
    FROM unnest(
      ${batch.map((p) => p.day)}::text[],
      ${batch.map((p) => p.accountId)}::text[],
      ${batch.map((p) => p.agentId)}::text[],
      ${batch.map((p) => p.model)}::text[],
      ${batch.map((p) => String(p.prompt))}::bigint[],
      ${batch.map((p) => String(p.completion))}::bigint[],
      ${batch.map((p) => p.calls)}::int[]
    ) AS t(day, account_id, agent_id, model, prompt, completion, calls)
    ON CONFLICT (day, account_id, agent_id, model) DO UPDATE SET
      prompt_tokens = u.prompt_tokens + EXCLUDED.prompt_tokens,
      completion_tokens = u.completion_tokens + EXCLUDED.completion_tokens,
      calls = u.calls + EXCLUDED.calls,
      updated_at = now()`;
}
