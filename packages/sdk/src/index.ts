export { createAgent } from './agent';
export type { Agent } from './agent';
export type { AgentOptions, DecideResult } from './types';
export type { ListeningAgent } from './http';
export { DEFAULT_MAX_BODY_BYTES } from './http';
export { AgentConnection, PlatformError } from './connect';
export type { ConnectOptions } from './connect';
export { toAnswer } from './answer';
export { MatchMemory } from './memory';
export type { Remembered } from './memory';
// Re-exported for agent authors who run their own server: check X-Coup-Signature with the agent secret.
export {
  verifySignature,
  sign,
  SIGNATURE_HEADER,
  DECISION_ID_HEADER,
  SIGNATURE_TOLERANCE_S,
} from '@coup/protocol';
// The protocol's messages: each name is a type and its zod schema (`DecisionRequest.safeParse(body)`).
export { Answer, DecisionRequest, MatchEnd, MatchStart } from '@coup/protocol';
export type { SignatureCheck, WireAction } from '@coup/protocol';
