import { createHash } from 'node:crypto';
import { createBot, isBotKind } from '@coup/bots';
import type { Bot } from '@coup/bots';
import { decryptSecret } from '@coup/db';
import type { Agent } from '@coup/db';
import { parseDecisionId } from '@coup/protocol';
import type { WirePrefs } from '@coup/protocol';
import { AgentFault, httpAgent, inProcessAgent } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import type { buildConnector } from 'undici';
import type { LlmService } from '@coup/llm';
import type { AgentAddresses } from './address-policy';
import type { AgentSecrets } from './agent-secrets';
import { EndpointNotAllowedError } from './endpoint-check';
import { guardedConnector } from './guarded-connector';
import { hasUserinfo } from './url-userinfo';
import { AgentPools } from './agent-pools';
import type { UsageSink } from './llm-budget/ledger';

/**
 * House agents (the built-in bots) are stored with an endpoint `bot:<kind>` and play in-process.
 * `bot:<kind>?noise=0.3` is a handicapped bot: it plays a random legal action 30% of the time.
 */
export const HOUSE_ENDPOINT_PREFIX = 'bot:';

export function parseHouseEndpoint(endpoint: string): { kind: string; noise: number } | null {
  if (!endpoint.startsWith(HOUSE_ENDPOINT_PREFIX)) return null;
  const [kind = '', query = ''] = endpoint.slice(HOUSE_ENDPOINT_PREFIX.length).split('?');
  const noise = Number(new URLSearchParams(query).get('noise') ?? 0);
  return { kind, noise: Number.isFinite(noise) ? Math.min(1, Math.max(0, noise)) : 0 };
}

/** Deterministic: the same seed and decision give the same choice, so handicapped matches replay. */
function noisy(bot: Bot, random: Bot, noise: number, seed: string): Bot['decide'] {
  if (noise <= 0) return (req) => bot.decide(req);
  return (req) => {
    const h = createHash('sha256').update(`${seed}:${req.decisionId}`).digest();
    return h.readUInt32BE(0) / 2 ** 32 < noise ? random.decide(req) : bot.decide(req);
  };
}

/**
 * Duplicate play (a match of a match group): a house bot draws its randomness from the deal and the point of
 * the game (round and seat), not from the match, so the same situation gets the same answer in every match
 * of the group and only what differs between their lineups changes the game.
 */
function byDeal(decide: Bot['decide']): Bot['decide'] {
  return (req) => {
    const parts = parseDecisionId(req.decisionId, req.matchId);
    if (!parts) return decide(req);
    return decide({ ...req, matchId: 'deal', decisionId: `deal.${parts.round}.${parts.seat}` });
  };
}

/**
 * The player of an http agent whose stored URL the policy no longer allows before any address is looked at
 * (userinfo, stored before it was refused): every decision is a transport_error fault, as when the guarded
 * connector refuses an address, and no request is sent.
 */
function refusedHttpAgent(agent: Agent, err: EndpointNotAllowedError): MatchAgent {
  const fault = () => new AgentFault('transport_error', `${err.code}: ${err.message}`, { cause: err });
  return {
    name: agent.name,
    agentId: agent.id,
    wire: wirePrefs(agent),
    decide: () => Promise.reject(fault()),
  };
}

const HOUSE_WIRE: WirePrefs = Object.freeze({ historyMode: 'delta', wantsPrompt: false });
const LLM_WIRE: WirePrefs = Object.freeze({ historyMode: 'delta', wantsPrompt: true });

/**
 * What an http or ws agent registered (historyMode, wantsPrompt). A person's seat (transport `human`)
 * keeps protocol 1: the table page shows the whole history it is sent.
 */
export function wirePrefs(agent: Pick<Agent, 'historyMode' | 'wantsPrompt'>): WirePrefs {
  return { historyMode: agent.historyMode, wantsPrompt: agent.wantsPrompt };
}

/** `perTable`: a person's seat, present at a table only through that table's socket (see WsBridge). */
export type WsAgentFactory = (agent: Pick<Agent, 'id' | 'name'>, o?: { perTable?: boolean }) => MatchAgent;

export interface Transports {
  /**
   * The player for one agent row: in-process bot, HTTP endpoint, WebSocket through Redis (a `ws` agent's
   * own socket, or the browser of a person at a table: transport `human`, at HUMAN_TIMEOUT_MS), or a hosted
   * language model (transport `llm`, through the operator's LLM_BASE_URL, at LLM_TIMEOUT_MS).
   */
  forAgent(agent: Agent, opts?: ForAgentOptions): MatchAgent;
  /** The model server for llm agents; null when LLM_BASE_URL is unset. */
  readonly llm: LlmService | null;
  /** Resolves once the token usage of the model calls completed so far is written (TransportDeps.usage). */
  flushUsage(): Promise<void>;
  /** Closes the http agents' shared connection pools. */
  close(): Promise<void>;
}

export interface ForAgentOptions {
  /** The match's seed: house bots' randomness derives from it. */
  seed?: string;
  /** A match of a match group (duplicate play): house bots answer by the deal, not the match (byDeal). */
  duplicate?: boolean;
  /**
   * The account charged for an llm agent's model tokens: the account that asked for the match (casual
   * matches, tables, experiments). Unset or null: the agent's owner (ranked and event matches, /check).
   */
  payerId?: string | null;
}

export interface TransportDeps {
  wsAgent: WsAgentFactory;
  /** AGENT_ADDRESSES: every connection to an http agent is checked against it (no default on purpose). */
  agentAddresses: AgentAddresses;
  maxResponseBytes?: number;
  /** Keeps HTTP agents' secrets current through rotations; without it, a player signs with its row's. */
  secrets?: AgentSecrets;
  /** Plays llm agents (createLlmService(env)); without it they cannot play. */
  llm?: LlmService | null;
  /** HUMAN_TIMEOUT_MS: the decision deadline of a person's seat (unset: the match's deadline). */
  humanTimeoutMs?: number;
  /** Where llm agents' token usage goes as their calls complete (the daily budgets). */
  usage?: UsageSink;
}

export function createTransports(deps: TransportDeps): Transports {
  // One connector for every http agent: it holds no state, only the policy.
  const connect: buildConnector.connector = guardedConnector(deps.agentAddresses);
  // One keep-alive pool per http agent, reused by its players of every match.
  const pools = new AgentPools(connect);
  const llm = deps.llm ?? null;
  return {
    llm,
    flushUsage: async () => {
      await deps.usage?.flush?.();
    },
    close: () => pools.close(),
    forAgent(agent, opts = {}) {
      const endpoint = agent.endpointUrl ?? '';
      const house = agent.isHouse ? parseHouseEndpoint(endpoint) : null;
      if (house) {
        if (!isBotKind(house.kind))
          throw new Error(`house agent ${agent.id} has an unknown bot kind "${house.kind}"`);
        const seed = `${opts.seed ?? ''}:${agent.id}`;
        const decide = noisy(
          createBot(house.kind, { seed }),
          createBot('random', { seed }),
          house.noise,
          seed,
        );
        const player = inProcessAgent(agent.name, opts.duplicate ? byDeal(decide) : decide);
        player.agentId = agent.id;
        // Bots keep their own memory of the match and never read the prompt.
        player.wire = HOUSE_WIRE;
        return player;
      }
      if (agent.transport === 'llm') {
        if (!llm) throw new Error(`llm agent ${agent.id} cannot play: LLM_BASE_URL is not set`);
        if (!agent.modelName) throw new Error(`llm agent ${agent.id} has no modelName`);
        const model = agent.modelName;
        const accountId = opts.payerId ?? agent.ownerId;
        const usage = deps.usage;
        // Throws (UnknownModelError) when LLM_MODELS no longer lists the agent's model.
        const player = llm.agent({
          name: agent.name,
          agentId: agent.id,
          model,
          strategyPrompt: agent.strategyPrompt,
          ...(usage ? { onUsage: (u) => usage.add({ accountId, agentId: agent.id, model, ...u }) } : {}),
        });
        // The model is asked the prompt (built over the whole history); the history itself is unused.
        player.wire = LLM_WIRE;
        return player;
      }
      if (agent.transport === 'ws') {
        const player = deps.wsAgent(agent);
        player.agentId = agent.id;
        player.wire = wirePrefs(agent);
        return player;
      }
      if (agent.transport === 'human') {
        // A person plays through the same WebSocket path as a ws agent (the browser holds the socket),
        // with a deadline a person can meet.
        const player = deps.wsAgent(agent, { perTable: true });
        player.agentId = agent.id;
        if (deps.humanTimeoutMs !== undefined) player.timeoutMs = deps.humanTimeoutMs;
        return player;
      }
      if (!agent.endpointUrl) throw new Error(`http agent ${agent.id} has no endpointUrl`);
      if (hasUserinfo(agent.endpointUrl)) {
        const why = 'endpointUrl carries userinfo (user:pass@, or an empty @): the platform never calls it';
        return refusedHttpAgent(agent, new EndpointNotAllowedError('userinfo', why));
      }
      const secret = decryptSecret(agent.secretEnc);
      const handle = deps.secrets?.hold(agent.id, secret);
      const shared = pools.take(agent.id, agent.endpointUrl);
      const player = httpAgent({
        name: agent.name,
        agentId: agent.id,
        url: agent.endpointUrl,
        secret: handle ? handle.current : secret,
        pool: shared.pool,
        ...(deps.maxResponseBytes ? { maxResponseBytes: deps.maxResponseBytes } : {}),
      });
      player.wire = wirePrefs(agent);
      const close = player.close;
      player.close = async () => {
        handle?.release();
        shared.release();
        await close?.();
      };
      return player;
    },
  };
}
