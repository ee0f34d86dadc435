import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { publishRevocation } from '@coup/gateway';
import type { RevokeReason } from '@coup/gateway';
import { AddressSlots } from '../services/address-slots';
import { AgentSockets } from '../services/agent-sockets';
import { WatchMarks } from '../services/watch-marks';

declare module 'fastify' {
  interface FastifyInstance {
    /** Agent sockets open on this instance (closed when their agent's right ends). */
    agentSockets: AgentSockets;
    /** Spectator sockets per client address on this instance (MAX_SPECTATORS_PER_IP). */
    spectatorSlots: AddressSlots;
    /** Matches this instance's spectators watch, marked in Redis so workers publish their live events. */
    watchMarks: WatchMarks;
    /**
     * Ends the agent's sessions everywhere: closes its sockets on this instance at once, and publishes the
     * revocation so other API instances close theirs and workers stop signing with its old secret.
     */
    revokeAgent(agentId: string, reason: RevokeReason): Promise<void>;
  }
}

export const sessionsPlugin = fp(async (app: FastifyInstance) => {
  const sockets = new AgentSockets(app.hub, app.keys);
  app.decorate('agentSockets', sockets);
  app.decorate('spectatorSlots', new AddressSlots(app.env.MAX_SPECTATORS_PER_IP));
  const marks = new WatchMarks(app.redis, app.keys.matchWatched, (msg, err) => app.log.warn({ err }, msg));
  app.decorate('watchMarks', marks);
  app.decorate('revokeAgent', async (agentId: string, reason: RevokeReason) => {
    sockets.revoke(agentId, reason);
    try {
      await publishRevocation(app.redis, app.keys, { agentId, reason });
    } catch (err) {
      // The change is stored and this instance's sockets are closed: report the rest, do not fail the
      // request (a rotated secret the caller never sees would lock the owner out).
      app.log.error({ err, agentId, reason }, 'could not publish an agent revocation');
    }
  });
  app.addHook('onClose', () => {
    marks.close();
    return sockets.stop();
  });
});
