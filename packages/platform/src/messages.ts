import { z } from 'zod';
import { AnswerMessage, ServerMessage } from '@coup/protocol';

// What crosses Redis between workers and API instances. Parsed with zod on receipt like any edge.

/** Worker -> API (agentOut channel): a protocol message to deliver to the agent's socket(s). */
export const AgentOutbound = z.object({ message: ServerMessage });
export type AgentOutbound = z.infer<typeof AgentOutbound>;

/** API -> worker (agentIn channel): an agent's answer, with when the API received it. */
export const AgentInbound = z.object({ answer: AnswerMessage, receivedAt: z.number() });
export type AgentInbound = z.infer<typeof AgentInbound>;

/** Job data of the matches queue. */
export const MatchJob = z.object({ matchId: z.string() });
export type MatchJob = z.infer<typeof MatchJob>;

/** Seconds a socket's online mark lives without refresh (the API refreshes it more often). */
export const ONLINE_TTL_S = 30;
