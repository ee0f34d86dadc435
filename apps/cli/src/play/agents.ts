import { BOT_KINDS, botFromSpec, isBotKind, parseBotSpec } from '@coup/bots';
import type { BotSpec } from '@coup/bots';
import { MAX_SEATS, MIN_SEATS } from '@coup/engine';
import { httpAgent, inProcessAgent } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import type { LlmService } from '@coup/llm';
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

function parseOne(spec: string): Parsed {
  if (spec.startsWith('bot:')) {
    const text = spec.slice(4).trim();
    // `bot:search-2`, or the search with its own budget as one argument: "bot:search --budget-ms 300".
    let bot: BotSpec;
    try {
      bot = parseBotSpec(text);
    } catch (err) {
      throw new CliError(`${err instanceof Error ? err.message : String(err)} (in "${spec}")`);
    }
    return { kind: 'bot', spec, bot, name: text.replace(/\s+/g, ' ') };
  }
  if (spec.startsWith('llm:')) {
    const model = spec.slice(4);
    if (!model) throw new CliError(`"${spec}" names no model: use llm:<model>, e.g. llm:qwen2.5-7b`);
    return { kind: 'llm', spec, model, name: spec };
  }
  if (/^https?:\/\//i.test(spec)) {
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
  }
  const hint = isBotKind(spec) ? ` (did you mean bot:${spec}?)` : '';
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
    if (spec.kind === 'http') return this.http.get(index) as MatchAgent;
    if (spec.kind === 'llm') {
      if (!this.llm) throw new Error('llm agents need a model server');
      return this.llm.service.agent({
        name: spec.name,
        model: spec.model,
        strategyPrompt: this.llm.strategyPrompt ?? null,
      });
    }
    const bot = botFromSpec(spec.bot, { seed: `${seed}/${index}` });
    return inProcessAgent(spec.name, (req) => bot.decide(req));
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.http.values()].map((a) => a.close?.()));
  }
}
