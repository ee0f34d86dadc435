import * as z from 'zod';
import {
  AGENT_TRANSPORT_IDS,
  DEFAULT_TRANSPORT,
  REGISTRABLE_TRANSPORT_IDS,
  registrationIssues,
} from '@coup/transports';
import { Name, Rulesets } from './common';

// What a client sends to register or change an agent (POST /v1/agents, PATCH /v1/agents/:id). A module of
// its own, importing only zod, ./common and the transports registry (pure), so the web UI can validate its forms with these very schemas
// (@coup/api-contract/forms) without bundling the rest of the contract.

/** http: the platform calls the agent; ws: the agent connects; llm: the platform plays a model for it
 * (@coup/transports: the registrable transports). */
export const TRANSPORTS = REGISTRABLE_TRANSPORT_IDS;
/** Every agent's transport, as the API shows it: also `human`, a person's seat at casual tables (created by
 * the platform, never registered, never ranked). */
export const AGENT_TRANSPORTS = AGENT_TRANSPORT_IDS;

const EndpointUrl = z
  .url({ protocol: /^https?$/, error: 'endpointUrl must be an http:// or https:// URL' })
  .max(500);

/** `url` and `endpoint` are accepted as other names of `endpointUrl` (what clients most often guess). */
const endpointAliases = (body: unknown) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { url, endpoint, ...rest } = body as Record<string, unknown>;
  const alias = url ?? endpoint;
  return alias !== undefined && rest.endpointUrl === undefined ? { ...rest, endpointUrl: alias } : body;
};

/** How much history an agent's decision requests carry (PROTOCOL.md "History modes"). */
export const HistoryMode = z.enum(['delta', 'full']);

export const AgentCreate = z
  .strictObject({
    name: Name,
    transport: z.enum(TRANSPORTS).default(DEFAULT_TRANSPORT),
    endpointUrl: EndpointUrl.optional(),
    /** For an llm agent, the model it is played with: one of GET /v1/models (LLM_MODELS). */
    modelName: z.string().min(1).max(100).optional(),
    /** Sent to the agent with every decision; an llm agent's model gets it in its system message. */
    strategyPrompt: z.string().min(1).max(4000).optional(),
    /** Let other accounts seat this agent at their casual tables (POST /v1/tables). Default false. */
    allowChallenges: z.boolean().optional(),
    /**
     * `delta` (default): each decision request carries only the events since the seat's last answered
     * request (protocol 2); `full`: the whole history every time (protocol 1 when wantsPrompt is true).
     */
    historyMode: HistoryMode.optional(),
    /** Whether decision requests carry the plain-text `prompt`. Default true; llm agents always get it. */
    wantsPrompt: z.boolean().optional(),
    /**
     * The rulesets it plays (default `["original"]`): it is queued for ranked play in each, and only ever
     * seated in a match of one of them.
     */
    rulesets: Rulesets.optional(),
  })
  // Each transport's own rules (endpointUrl required or refused, a model required): the registry's.
  .superRefine((a, ctx) => {
    for (const issue of registrationIssues(a)) ctx.addIssue({ code: 'custom', ...issue });
  });

export const AgentCreateBody = z.preprocess(endpointAliases, AgentCreate);

export const AgentUpdate = z.strictObject({
  name: Name.optional(),
  endpointUrl: EndpointUrl.optional(),
  modelName: z.string().min(1).max(100).nullable().optional(),
  strategyPrompt: z.string().min(1).max(4000).nullable().optional(),
  status: z.enum(['active', 'paused']).optional(),
  allowChallenges: z.boolean().optional(),
  historyMode: HistoryMode.optional(),
  wantsPrompt: z.boolean().optional(),
  rulesets: Rulesets.optional(),
});
