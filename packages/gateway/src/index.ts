// @coup/gateway: how the platform reaches agents, and the process plumbing the API and the worker share to do
// it: configuration (env), Redis names and messages, the transports' player factories, the WebSocket bridge,
// http agents' connection pools behind the address policy, presence, revocation, agent secrets, the model
// server and its token budgets. Explicit exports: what is not listed here is internal.
export { keys, QUEUE, RATING_EPOCH_MS } from './names';
export type { Keys } from './names';
export { AgentInbound, AgentOutbound, MatchJob, ONLINE_TTL_S } from './messages';
export { EnvSchema, parseEnv } from './env';
export type { Env } from './env';
export { ChannelHub } from './channel-hub';
export { throttled } from './throttled-log';
export type { Log } from './throttled-log';
export { isTransient } from './transient';
export { createTransports, wirePrefs } from './transports/index';
export type { ForAgentOptions, TransportDeps, Transports, WsAgentFactory } from './transports/index';
export {
  AGENT_ADDRESS_POLICIES,
  describeAgentAddresses,
  describeVerdict,
  parseAddress,
  refuseAddress,
  refuseHostName,
} from './address-policy';
export type { AddressRule, AddressVerdict, AgentAddresses } from './address-policy';
export { CLOUD_ENDPOINT_ADDRESSES, CLOUD_ENDPOINT_NAMES, isCloudEndpointName } from './cloud-endpoints';
export { checkEndpointUrl, checkHost, EndpointNotAllowedError, systemResolver } from './endpoint-check';
export type { EndpointRule, Resolver } from './endpoint-check';
export { guardedConnector } from './guarded-connector';
export { hasUserinfo } from './url-userinfo';
export { AGENT_POOL_IDLE_MS, AgentPools } from './agent-pools';
export { AgentSecrets } from './agent-secrets';
export type { SecretHandle } from './agent-secrets';
export { DISCONNECTED_MARGIN_MS, WsBridge } from './ws-bridge';
export { AgentSession, revokedBecause } from './agent-session';
export type { AgentRight, AgentSessionDeps, CloseSession, SessionSocket } from './agent-session';
export { AgentMessageLimit } from './agent-message-limit';
export { isOnline, markOffline, markOnline, PRESENCE_TTL_MS, tablePresenceId } from './presence';
export { AgentRevoked, listenRevocations, publishRevocation, REVOKE_CLOSE, RevokeReason } from './revocation';
export { LLM_ADDRESS_POLICY, llmBaseUrlProblem } from './llm-endpoint';
export { createLlmService } from './llm-service';
export type { LlmEnv } from './llm-service';
export { llmFigures, llmUsage, sumLlmUsage } from './llm-usage';
export type { LlmUsage, ModelPrices } from './llm-usage';
export {
  accountsUsed,
  accountUsageToday,
  budgetMessage,
  budgetRefusal,
  budgetResetsAt,
  LLM_BUDGET_EXHAUSTED_CODE,
  llmBudgetLimits,
  LlmUsageLedger,
  modelsUsed,
  spentBudgets,
  usageDay,
} from './llm-budget/index';
export type {
  AccountUsageToday,
  AgentUsageToday,
  BudgetRefusal,
  LedgerOptions,
  LlmBudgetLimits,
  SpendingAgent,
  SpentBudgets,
  TokenSpend,
  UsageSink,
} from './llm-budget/index';
