import { BOT_KINDS, botFromSpec, houseBotDecide, isBotKind, parseBotSpec } from '@coup/bots';
import type { BotSpec } from '@coup/bots';
import { MAX_SEATS, MIN_SEATS } from '@coup/engine';
import { httpAgent, inProcessAgent } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import type { LlmService } from '@coup/llm';
import { HOUSE_ENDPOINT_PREFIX } from '@coup/transports';
import { CliError } from '../errors.ts';

/** One agent of the `coup play` list; its index in the list identifies it in the results. */
export type AgentSpec = Parsed & { label: string };

const USAGE =
  `use bot:<${BOT_KINDS.join('|')}>, "bot:search --budget-ms N" (or --budget-playouts N), ` +
  'http://host:port[/path] or llm:<model>';

type Parsed =
  | { kind: 'bot'; spec: string; name: string; bot: BotSpec }
  | { kind: 'http'; spec: string; name: string; url: string }
  | { kind: 'llm'; spec: string; name: string; model: string };

/** What a player is made with: the run's shared http players, its model server, the match seed. */
interface PlayerContext {
  index: number;
  seed: string;
  http: ReadonlyMap<number, MatchAgent>;
  llm: { service: LlmService; strategyPrompt?: string } | null;
}

/**
 * One kind of agent the list may name, in its own entry: how its spec is written (`claims`), read, and
 * played. The spec syntax follows the platform's: `bot:<kind>` as house agents' endpoints
 * (@coup/transports HOUSE_ENDPOINT_PREFIX), a URL as http agents, `llm:<model>` as hosted models.
 */
interface SpecKind<K extends Parsed['kind']> {
  kind: K;
  claims(spec: string): boolean;
  parse(spec: string): Extract<Parsed, { kind: K }>;
  player(p: Extract<Parsed, { kind: K }>, ctx: PlayerContext): MatchAgent;
}

const LLM_PREFIX = 'llm:';

const KINDS: { [K in Parsed['kind']]: SpecKind<K> } = {
  bot: {
    kind: 'bot',
    claims: (spec) => spec.startsWith(HOUSE_ENDPOINT_PREFIX),
    parse(spec) {
      const text = spec.slice(HOUSE_ENDPOINT_PREFIX.length).trim();
      // `bot:search-2`, or the search with its own budget as one argument: "bot:search --budget-ms 300".
      let bot: BotSpec;
      try {
        bot = parseBotSpec(text);
      } catch (err) {
        throw new CliError(`${err instanceof Error ? err.message : String(err)} (in "${spec}")`);
      }
      return { kind: 'bot', spec, bot, name: text.replace(/\s+/g, ' ') };
    },
    player(p, { index, seed }) {
      const s = `${seed}/${index}`;
      // A kind: the same maker as the platform's house agents, seeded by the match and the list entry.
      if (p.bot.kind !== 'search') return inProcessAgent(p.name, houseBotDecide(p.bot.kind, { seed: s }));
      const bot = botFromSpec(p.bot, { seed: s });
      return inProcessAgent(p.name, (req) => bot.decide(req));
    },
  },
  llm: {
    kind: 'llm',
    claims: (spec) => spec.startsWith(LLM_PREFIX),
    parse(spec) {
      const model = spec.slice(LLM_PREFIX.length);
      if (!model) throw new CliError(`"${spec}" names no model: use llm:<model>, e.g. llm:qwen2.5-7b`);
      return { kind: 'llm', spec, model, name: spec };
    },
    player(p, { llm }) {
      if (!llm) throw new Error('llm agents need a model server');
      return llm.service.agent({ name: p.name, model: p.model, strategyPrompt: llm.strategyPrompt ?? null });
    },
  },
  http: {
    kind: 'http',
    claims: (spec) => /^https?:\/\//i.test(spec),
    parse(spec) {
      let url: URL;
      try {
        url = new URL(spec);
      } catch {
        throw new CliError(`invalid agent URL "${spec}": ${USAGE}`);
      }
      // The runner appends /decide, /start and /end to the path: a query or fragment would be lost.
      if (url.search || url.hash) throw new CliError(`agent URL "${spec}" must not have a query or fragment`);
      if (url.username || url.password) throw new CliError(`agent URL "${spec}" must not hold credentials`);
      const path = url.pathname.replace(/\/+$/, '');
      return { kind: 'http', spec, url: url.origin + path, name: url.host + path };
    },
    // Shared by every match of the run (one keep-alive pool per URL): made once, in AgentPool.
    player: (_p, { index, http }) => http.get(index) as MatchAgent,
  },
};

function parseOne(spec: string): Parsed {
  const kind = Object.values(KINDS).find((k) => k.claims(spec));
  if (kind) return kind.parse(spec);
  const hint = isBotKind(spec) ? ` (did you mean ${HOUSE_ENDPOINT_PREFIX}${spec}?)` : '';
  throw new CliError(`unknown agent "${spec}"${hint}: ${USAGE}`);
}

/** Parses and checks the agent list; duplicates get a #2, #3... suffix so every seat is told apart. */
export function parseAgentSpecs(specs: readonly string[]): AgentSpec[] {
  if (specs.length < MIN_SEATS || specs.length > MAX_SEATS) {
    throw new CliError(`a match needs ${MIN_SEATS} to ${MAX_SEATS} agents, got ${specs.length}`);
  }
  const parsed = specs.map(parseOne);
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const p of parsed) total.set(p.spec, (total.get(p.spec) ?? 0) + 1);
  return parsed.map((p) => {
    const n = (seen.get(p.spec) ?? 0) + 1;
    seen.set(p.spec, n);
    const suffix = (total.get(p.spec) ?? 0) > 1 ? `#${n}` : '';
    return { ...p, label: p.spec + suffix, name: p.name + suffix };
  });
}

/**
 * The agents of one run. HTTP agents are shared by every match (one keep-alive pool per URL); bots are
 * made fresh for each match and seeded from the match seed and their place in the list, so a run with a
 * given --seed replays exactly, whatever the concurrency.
 */
export class AgentPool {
  private readonly http = new Map<number, MatchAgent>();

  constructor(
    readonly specs: readonly AgentSpec[],
    secret: string | undefined,
    /** Plays the llm:<model> agents (one model server, one concurrency limit per model, for the run). */
    private readonly llm: { service: LlmService; strategyPrompt?: string } | null = null,
  ) {
    specs.forEach((s, i) => {
      if (s.kind === 'http') {
        this.http.set(
          i,
          httpAgent({ name: s.name, url: s.url, ...(secret !== undefined ? { secret } : {}) }),
        );
      }
    });
  }

  /** The agent of list entry `index` for the match with `seed`. */
  agentFor(index: number, seed: string): MatchAgent {
    const spec = this.specs[index];
    if (!spec) throw new Error(`no agent #${index}`);
    // The entry of the spec's own kind (TypeScript cannot relate KINDS[spec.kind] to spec's narrowed type).
    const play = KINDS[spec.kind].player as (p: Parsed, ctx: PlayerContext) => MatchAgent;
    return play(spec, { index, seed, http: this.http, llm: this.llm });
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.http.values()].map((a) => a.close?.()));
  }
}
