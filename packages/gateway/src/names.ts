// Every Redis name the platform uses, in one place. All start with the deployment's prefix
// (QUEUE_PREFIX) so several deployments or test runs can share one Redis without seeing each other.

export const QUEUE = {
  /** One job per match to run; job id = match id, so a match is never queued twice. */
  matches: 'matches',
  /**
   * The casual tables that seat a person (POST /v1/tables): their own queue and their own slots
   * (TABLE_CONCURRENCY), since they mostly wait for the person and must not hold a slot of the matches
   * queue (match-placement.ts). One job per match here too; a match is only ever in one of the two queues.
   */
  tables: 'tables',
  /** Repeatable jobs: matchmaking passes, rating period closes, event scheduling. */
  ladder: 'ladder',
} as const;

export const keys = (prefix: string) => ({
  /** Public events of a running match, published as they happen (spectators). */
  matchEvents: (matchId: string) => `${prefix}:match:${matchId}:events`,
  /**
   * The live log of a running match while it is watched: the latest messages (a catch-up among them), capped
   * and expiring; shrunk to the `end` message at the end. A spectator who joins reads it first.
   */
  matchLog: (matchId: string) => `${prefix}:match:${matchId}:log`,
  /** Exists while the match has spectators (set with a short TTL and refreshed by the API's spectator sockets). */
  matchWatched: (matchId: string) => `${prefix}:match:${matchId}:watched`,
  /** Platform -> WebSocket agent: messages for whichever API instance holds the agent's socket. */
  agentOut: (agentId: string) => `${prefix}:agent:${agentId}:out`,
  /** WebSocket agent -> platform: answers, for whichever worker runs the match. */
  agentIn: (agentId: string) => `${prefix}:agent:${agentId}:in`,
  /** Set while at least one socket of the agent is open (refreshed with a TTL by the API). */
  agentOnline: (agentId: string) => `${prefix}:agent:${agentId}:online`,
  /** Decision ids awaiting the agent's answer, re-sent after a reconnect. */
  agentPending: (agentId: string) => `${prefix}:agent:${agentId}:pending`,
  /** API -> every API instance and worker: an agent lost its right to a session (see revocation.ts). */
  agentRevoked: `${prefix}:agents:revoked`,
  /**
   * API -> every worker: matches just aborted in Postgres (an experiment cancelled by its owner): a worker
   * running one stops it (match-cancel.ts).
   */
  matchesCancelled: `${prefix}:matches:cancelled`,
  /** A pending decision request (JSON), expiring at its deadline. */
  decision: (decisionId: string) => `${prefix}:decision:${decisionId}`,
  /** A person's one-time ticket to open a table's socket (keyed by the ticket's sha256; see table-tickets.ts). */
  tableTicket: (ticketHash: string) => `${prefix}:ticket:${ticketHash}`,
  /** Rate-limit counters. */
  rateLimit: `${prefix}:ratelimit:`,
});

export type Keys = ReturnType<typeof keys>;

/**
 * Rating periods are numbered from this instant (index = floor((t - epoch) / period length)), which keeps
 * indexes small enough for an int column even with the sub-second periods tests use.
 */
export const RATING_EPOCH_MS = Date.UTC(2026, 0, 1);
