import type { Agent } from '@coup/db';
import { decryptSecret } from '@coup/db';
import { AgentFault, httpAgent } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import { EndpointNotAllowedError } from '../endpoint-check';
import { hasUserinfo } from '../url-userinfo';
import { wirePrefs } from './factory';
import type { PlayerFactory } from './factory';

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

/** The platform POSTs each decision to the agent's endpoint over its shared keep-alive pool, signed. */
export const httpFactory: PlayerFactory = {
  id: 'http',
  player(agent, _opts, { deps, pools }) {
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
