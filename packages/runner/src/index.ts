export type { MatchAgent, DecisionReport } from './agent';
export { AgentFault } from './fault';
export { inProcessAgent } from './in-process';
export type { DecideFn } from './in-process';
export { httpAgent, agentPool, DEFAULT_MAX_RESPONSE_BYTES } from './http-agent';
export type { HttpAgentOptions } from './http-agent';
export { runMatch, DEFAULT_TIMEOUT_MS, DEFAULT_ABORT_GRACE_MS } from './run';
export type { RunMatchOptions } from './run';
export { MAX_FAULTS } from './match';
export type { SpectatorUpdate, DispatchInfo } from './match';
// The fault default is the engine's (it knows every ruleset's phases); re-exported for older callers.
export { defaultAction } from '@coup/engine';
export { checkAnswer } from './answer';
export type { CheckedAnswer } from './answer';
export { verifyReplay } from './verify';
export type { VerifyResult } from './verify';
export { systemClock } from './clock';
export type { Clock } from './clock';
