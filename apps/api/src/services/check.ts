import { createGame } from '@coup/engine';
import { buildDecisionRequest, decisionId } from '@coup/protocol';
import { AgentFault, checkAnswer } from '@coup/runner';
import type { DecisionReport, MatchAgent } from '@coup/runner';
import { EndpointNotAllowedError } from '@coup/gateway';
import type { AgentAddresses } from '@coup/gateway';
import type { FastifyInstance } from 'fastify';
import type { Agent } from '@coup/db';
import { hasEndpoint, playsHostedModel } from '@coup/transports';
import { assertEndpointAllowed, endpointNotAllowed } from './endpoint-policy';
import { refuseHumanSeat } from './human-seats';
import { assertLlmBudget } from './llm-budget';
import { assertLlmModel } from './llm-policy';

/**
 * POST /v1/agents/:id/check of an owned agent: refused for a person's seat, for an endpoint the policy no
 * longer allows (a clear 400) and for a model that is gone or out of budget; then one sample decision
 * through the agent's own transport, at the deadline it plays with.
 */
export async function checkOwnedAgent(app: FastifyInstance, agent: Agent) {
  refuseHumanSeat(agent, 'be sent a sample decision: a person answers at a table');
  // An endpoint stored before the policy (or under a laxer one) is refused here with a clear 400.
  if (hasEndpoint(agent) && !agent.isHouse && agent.endpointUrl) {
    await assertEndpointAllowed(agent.endpointUrl, app.env.AGENT_ADDRESSES);
  }
  if (playsHostedModel(agent)) {
    assertLlmModel(app, agent.modelName, 409);
    await assertLlmBudget(
      app,
      { payerId: agent.ownerId, agents: [agent] },
      'The check would call the model: try again once the budget has reset',
    );
  }
  const player = app.transports.forAgent(agent);
  try {
    return await checkAgent(
      player,
      // An llm agent is checked at its own deadline (LLM_TIMEOUT_MS), as it plays.
      player.timeoutMs ?? app.env.MATCH_TIMEOUT_MS,
      app.env.AGENT_ADDRESSES,
      agent.strategyPrompt,
    );
  } finally {
    // The check's model tokens are written before it answers: the next request sees them counted.
    if (playsHostedModel(agent)) await app.transports.flushUsage().catch(() => undefined);
  }
}

/**
 * Sends one sample decision (the opening turn of a fixed 2-seat game) and reports whether the answer was
 * a legal action and how long it took: what an owner wants to know right after registering an endpoint.
 */
export async function checkAgent(
  agent: MatchAgent,
  timeoutMs: number,
  policy: AgentAddresses,
  strategyPrompt?: string | null,
) {
  const state = createGame({ players: 2, seed: 'agent-check' });
  const seat = state.activeSeat;
  const matchId = `check_${Date.now().toString(36)}`;
  const request = buildDecisionRequest({
    state,
    seat,
    matchId,
    decisionId: decisionId(matchId, 0, seat),
    deadline: Date.now() + timeoutMs,
    timeoutMs,
    names: seat === 0 ? [agent.name, 'house-check'] : ['house-check', agent.name],
    history: [],
    // What the agent will receive in its matches: its history mode and prompt preference.
    wire: agent.wire,
    ...(strategyPrompt ? { strategyPrompt } : {}),
  });
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  // An llm agent reports its model calls: the owner sees tokens, retries and the raw answer.
  const report: DecisionReport = {};
  const extra = () => {
    report.onRecord?.();
    return report.llm ? { llm: structuredClone(report.llm) } : {};
  };
  try {
    const body = await agent.decide(request, signal, report);
    const latencyMs = round(performance.now() - started);
    const checked = checkAnswer(body, request.legalActions);
    if (checked.ok) return { ok: true, latencyMs, answer: body, fault: null, request, ...extra() };
    return { ok: false, latencyMs, answer: body ?? null, fault: checked.fault, request, ...extra() };
  } catch (err) {
    // The connector refused the address (a name that now resolves elsewhere): an error, not a fault.
    if (err instanceof AgentFault && err.cause instanceof EndpointNotAllowedError) {
      throw endpointNotAllowed(err.cause, policy);
    }
    const latencyMs = round(performance.now() - started);
    const fault =
      err instanceof AgentFault
        ? { reason: err.reason, message: err.message }
        : signal.aborted
          ? { reason: 'timeout', message: `no answer within ${timeoutMs} ms` }
          : { reason: 'transport_error', message: err instanceof Error ? err.message : String(err) };
    return { ok: false, latencyMs, answer: null, fault, request, ...extra() };
  } finally {
    await agent.close?.();
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;
