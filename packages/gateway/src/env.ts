import { z } from 'zod';
import { parseLlmModels } from '@coup/llm';
import { AGENT_ADDRESS_POLICIES } from './address-policy';
import type { AgentAddresses } from './address-policy';
import { llmBaseUrlProblem } from './llm-endpoint';

// Configuration is parsed once, here. Every knob of the platform is an environment variable with a
// default that works on one machine; a bad value stops the process with a message naming the variable.

/** An empty variable counts as unset (`LLM_API_KEY=` in a compose file). */
const unsetIfEmpty = (v: unknown) => (v === '' ? undefined : v);

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** The URL users reach the platform at (replay links in match_end); derived from PORT when unset. */
  PUBLIC_URL: z.url().optional(),
  /** Postgres; unset: the start command runs embedded PostgreSQL under .data/. */
  DATABASE_URL: z.string().optional(),
  /** Redis; unset: 127.0.0.1:6379, or redis-server from PATH. */
  REDIS_URL: z.string().optional(),
  /** Prefix of every BullMQ queue and Redis key, so several deployments (or test runs) share one Redis. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('coup'),
  /** Grants the operator routes (/admin/queues, events, house agents). Unset: a random one is printed. */
  ADMIN_KEY: z.string().min(16).optional(),
  /**
   * A bearer token that may read /metrics (a Prometheus scraper), besides the admin key. Unset: only the
   * admin key may; /metrics is never public.
   */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  CORS_ORIGIN: z.string().default('*'),
  /**
   * Trust X-Forwarded-For (client addresses behind a reverse proxy). Off by default: exposed directly, a
   * client could otherwise pick its own address and dodge per-IP rate limits.
   */
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  MATCH_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /**
   * Matches one worker process plays at once. 8: on 2 cores the worker stored ~70 house-bot matches/s at 8
   * against ~58 at 4 and ~67 at 16 (more matches share each Postgres and Redis round trip), measured before
   * a match's round trips were cut to three; see the throughput bench (`npm run bench -w @coup/start`).
   */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  /**
   * Of one worker's WORKER_CONCURRENCY slots, how many one account's casual matches (its own, its
   * experiments') may hold at once; the worker defers the others, so the remaining slots stay free for other
   * accounts and the platform's ranked and event matches. Unset: half of WORKER_CONCURRENCY (at least 1).
   * Tables are shared the same way: half of TABLE_CONCURRENCY per account.
   */
  WORKER_SLOTS_PER_ACCOUNT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(1).optional()),
  /**
   * Casual tables seating a person (POST /v1/tables) one worker plays at once, besides WORKER_CONCURRENCY:
   * a table waits up to HUMAN_TIMEOUT_MS for each of the person's decisions and uses almost no CPU, so
   * tables have a queue and slots of their own and never hold a slot that other matches need.
   */
  TABLE_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(32),
  /**
   * The CPU priority (Unix nice, 0-19) a worker process gives itself (apps/worker/src/main.ts, also the one
   * `npm start` runs; not a worker inside the API process, WORKER_IN_PROCESS). Matches are batch work: on a machine shared with the API, the
   * API's reads come first. 10: on 2 cores the API's read p99 while matches run fell from ~50 to ~40 ms for
   * ~10% fewer matches per second (throughput bench). Alone on its machine, a worker loses nothing by it.
   */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * Threads of one worker process that pack played matches' replays for storage (compaction, its exactness
   * check, brotli: ~1.1-1.5 ms per match that the event loop playing matches no longer spends). 1: the
   * machine's cores are for the worker processes (WORKER_PROCESSES); 0 packs on the event loop.
   */
  WORKER_PACK_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  /** How long a match job may go without its worker's heartbeat before another worker takes it. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** How often the sweeper looks for matches stuck `queued` (job lost or failed) or `running` (worker lost). */
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(200).default(15_000),
  /** How long past WORKER_LOCK_MS (or past creation, if queued) a match is left alone before it is swept. */
  SWEEP_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
  /** Run a match worker: `npm start` as a child process (below), server.ts inside its own process. */
  RUN_WORKER: bool.default(true),
  /**
   * `npm start` runs its worker inside the API process instead of as a child process. The child is the
   * default: the API's event loop is not the matches', the worker is niced (WORKER_NICE), a crash of one
   * does not take down the other, and the two use two cores (throughput bench, BENCH_WORKERS=0 vs 1).
   */
  WORKER_IN_PROCESS: bool.default(false),
  /**
   * How many worker processes `npm start` runs (default: one per core, os.availableParallelism()). One
   * worker is one event loop: on 2 cores a second process stored 106-128 four-seat matches/s against 76-111
   * for one (throughput bench, BENCH_WORKERS=1 vs 2). They share the queue; each match is stored once.
   */
  WORKER_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  DEMO_MATCHES: z.coerce.number().int().min(0).max(100).default(3),
  EVENTS_ENABLED: bool.default(false),
  RATING_PERIOD_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  SEATS_PER_MATCH: z.coerce.number().int().min(2).max(6).default(4),
  MATCHMAKER_INTERVAL_MS: z.coerce.number().int().min(200).default(5000),
  MAX_SEATS_PER_OWNER: z.coerce.number().int().min(1).max(6).default(1),
  /**
   * Queued plus running matches one account may have asked for through POST /v1/matches at a time, so one
   * account cannot fill the match queue (a 429 beyond it). The operator's admin key has no such cap.
   */
  MAX_ACTIVE_MATCHES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /**
   * Matches one prompt experiment may ask for (deals x prompts): a bigger one is refused (400
   * too_many_experiment_matches), since the platform pays for every model call.
   */
  MAX_EXPERIMENT_MATCHES: z.coerce.number().int().min(2).default(400),
  /**
   * Matches of one prompt experiment queued or running at a time (at least one deal's): its next deals are
   * queued as earlier ones end, so a long experiment neither floods the match queue nor holds more than one
   * of its owner's MAX_ACTIVE_MATCHES_PER_ACCOUNT.
   */
  EXPERIMENT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Wall-clock cap of one match run: past it the worker aborts the match (abortReason says so), so agents
   * that sleep to every deadline cannot hold a worker slot for long. 10 minutes by default.
   */
  MATCH_MAX_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(10 * 60_000),
  /**
   * Decision deadline of a person's seat at a casual table (POST /v1/tables, played in the web UI): people
   * read and click, so they get longer than MATCH_TIMEOUT_MS; the table's agents keep MATCH_TIMEOUT_MS.
   */
  HUMAN_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(60_000),
  /** Spectator sockets (/v1/matches/:id/live) one client address may hold open, counted per API instance. */
  MAX_SPECTATORS_PER_IP: z.coerce.number().int().min(1).default(20),
  /**
   * Messages per second an agent socket may send beyond one answer to each decision it was sent; more
   * closes the socket (1008), so a flooding agent cannot load the API or Redis.
   */
  AGENT_SOCKET_MAX_MSGS_PER_S: z.coerce.number().int().min(1).default(20),
  /** Passed to crypto for agent secrets at rest; unset: a key kept in .data/secret.key. */
  SECRET_KEY: z.string().optional(),
  /**
   * Which agent endpoints the platform calls: `public` (globally routable addresses only) or `private`
   * (also loopback and private networks: one machine, local play). Unset: `public` when
   * NODE_ENV=production, else `private` (see parseEnv). Link-local and cloud metadata: never.
   */
  AGENT_ADDRESSES: z.enum(AGENT_ADDRESS_POLICIES).optional(),
  /**
   * The OpenAI-compatible Chat Completions API root that hosted llm agents (transport `llm`) are played
   * through: a cloud provider, or a local llama.cpp / vLLM / Ollama server (e.g. http://127.0.0.1:8080/v1).
   * Set by the operator, so loopback and private addresses are allowed whatever AGENT_ADDRESSES says;
   * link-local and cloud metadata addresses, and user:pass@, never. Unset: llm agents cannot be registered.
   */
  LLM_BASE_URL: z.preprocess(
    unsetIfEmpty,
    z
      .url({ protocol: /^https?$/, error: 'LLM_BASE_URL must be an http:// or https:// URL' })
      .superRefine((url, ctx) => {
        const problem = llmBaseUrlProblem(url);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  /** Bearer token sent to LLM_BASE_URL (unset for servers that need none). Never logged or shown. */
  LLM_API_KEY: z.preprocess(unsetIfEmpty, z.string().optional()),
  /**
   * The models users may pick for llm agents, with per-model limits and prices: a comma list of names
   * (`qwen2.5-7b,llama3.1:8b`) or JSON (`[{"name":"qwen2.5-7b","maxConcurrency":4,"promptPricePerMTok":0.1,
   * "completionPricePerMTok":0.2,"maxTokens":400,"historyTokens":4000}]`; see packages/llm/src/models.ts).
   * `maxTokensPerDay` caps a model's tokens per UTC day across the platform. Unset: none.
   */
  LLM_MODELS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      try {
        return parseLlmModels(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
  /**
   * The currency of LLM_MODELS' prices (per million tokens): costs are shown in it (`GET /v1/models`
   * `currency`, the account's `llmUsage.currency`, the web UI). Any short label: an ISO 4217 code such as
   * `USD` or `EUR`, or a name such as `credits`.
   */
  LLM_CURRENCY: z.preprocess(
    unsetIfEmpty,
    z
      .string()
      .trim()
      .max(12)
      .regex(/^[\p{L}\p{N}$€£¥ ._-]+$/u, 'letters, digits, a currency sign, up to 12 characters')
      .default('USD'),
  ),
  /** Decision deadline of llm seats (the match's other seats keep MATCH_TIMEOUT_MS or theirs). */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(30_000),
  /**
   * Agents one account may have registered at a time (deleted ones do not count; the platform's own, a
   * person's table seat and an experiment's hidden agents neither): more gets 409 too_many_agents.
   */
  MAX_AGENTS_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  /**
   * Of those, hosted llm agents (the operator pays for every model call): more gets 409
   * too_many_llm_agents. An experiment's hidden agents do not count (see DESIGN.md "Model spending").
   */
  MAX_LLM_AGENTS_PER_ACCOUNT: z.coerce.number().int().min(0).default(3),
  /**
   * Model tokens (prompt + completion, as the model server reports them) one account may spend per UTC
   * day, over every match, experiment and /check it pays for; once spent, new matches, experiments and
   * checks with llm seats get 429 llm_budget_exhausted until the day ends. 0: no daily budget.
   */
  LLM_TOKENS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(0).default(2_000_000),
});

export type Env = z.infer<typeof EnvSchema> & {
  AGENT_ADDRESSES: AgentAddresses;
  WORKER_SLOTS_PER_ACCOUNT: number;
};

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  const production = parsed.data.NODE_ENV === 'production';
  return {
    ...parsed.data,
    AGENT_ADDRESSES: parsed.data.AGENT_ADDRESSES ?? (production ? 'public' : 'private'),
    WORKER_SLOTS_PER_ACCOUNT:
      parsed.data.WORKER_SLOTS_PER_ACCOUNT ?? Math.max(1, Math.floor(parsed.data.WORKER_CONCURRENCY / 2)),
  };
}
