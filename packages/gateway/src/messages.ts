import { z } from 'zod';
import { AnswerMessage, ServerMessage } from '@coup/protocol';

// What crosses Redis between workers and API instances. Parsed with zod on receipt like any edge.

/** Worker -> API (agentOut channel): a protocol message to deliver to the agent's socket(s). */
export const AgentOutbound = z.object({ message: ServerMessage });
export type AgentOutbound = z.infer<typeof AgentOutbound>;

/** API -> worker (agentIn channel): an agent's answer, with when the API received it. */
export const AgentInbound = z.object({ answer: AnswerMessage, receivedAt: z.number() });
export type AgentInbound = z.infer<typeof AgentInbound>;

/**
 * Job data of the matches and tables queues. `account`: whose share of a worker's slots the match uses
 * (match-placement.ts); absent for the platform's own matches (ranked, events, the operator's) and for jobs
 * queued before shares existed.
 */
export const MatchJob = z.object({ matchId: z.string(), account: z.string().min(1).optional() });
export type MatchJob = z.infer<typeof MatchJob>;

/** Seconds a socket's online mark lives without refresh (the API refreshes it more often). */
export const ONLINE_TTL_S = 30;
