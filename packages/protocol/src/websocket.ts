import { z } from 'zod';
import { Action } from './game';
import { DecisionRequest, MAX_COMMENT, MatchEnd, MatchStart, ProtocolVersion } from './messages';

// WebSocket agents receive the same objects as HTTP agents, as text frames, and answer decisions
// with `answer` messages.

/** Sent by the platform once the socket is authenticated. */
export const Welcome = z.object({
  protocol: ProtocolVersion,
  type: z.literal('welcome'),
  agentId: z.string(),
  name: z.string(),
});

/** Sent by the platform when an agent message cannot be used (the socket stays open). */
export const WsError = z.object({
  protocol: ProtocolVersion,
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  decisionId: z.string().optional(),
});

/** Compiled (z.compile, as DecisionRequest is): a WebSocket agent parses one per decision. */
export const ServerMessage = z.compile(
  z.discriminatedUnion('type', [Welcome, MatchStart, DecisionRequest, MatchEnd, WsError]),
  { strict: true },
);
export type ServerMessage = z.infer<typeof ServerMessage>;

export const AnswerMessage = z.looseObject({
  type: z.literal('answer'),
  decisionId: z.string().min(1).max(200),
  action: Action,
  comment: z.string().max(MAX_COMMENT).optional(),
});
export type AnswerMessage = z.infer<typeof AnswerMessage>;

export const AgentMessage = z.discriminatedUnion('type', [AnswerMessage]);
export type AgentMessage = z.infer<typeof AgentMessage>;
