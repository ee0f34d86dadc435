import { z } from 'zod';
import { AgentId, MatchId, Timestamp } from './common';
import { MatchOut } from './matches';

export * from './table-input';

// A person at the table: a casual match with the caller's own seat (transport `human`), played in the
// browser over the agents' WebSocket path, opened with a short-lived ticket (browsers cannot send an
// Authorization header on a WebSocket).

/** The WebSocket subprotocol every table socket offers first (and the platform selects). */
export const TABLE_PROTOCOL = 'coup.v1';
/** The subprotocol that carries a ticket: `coup.ticket.<ticket>`. */
export const TICKET_PROTOCOL_PREFIX = 'coup.ticket.';

/** `/tables/:id/...` (a table is a match: its id is the match id). */
export const TablePath = z.object({ id: MatchId });

export const TableTicket = z
  .object({
    matchId: MatchId,
    /** The person's seat at this table. */
    seat: z.number().int().min(0).max(5),
    /** The person's seat agent (transport `human`), as the match's seats name it. */
    agentId: AgentId,
    /**
     * Opens one socket, once, before `expiresAt`: offer it as the WebSocket subprotocol
     * `coup.ticket.<ticket>` (after `coup.v1`) on `url`. Ask for a new one to reconnect.
     */
    ticket: z.string(),
    expiresAt: Timestamp,
    /** The agents' WebSocket endpoint (`/v1/agents/connect`). */
    url: z.string(),
    /** Exactly what to pass as the WebSocket's protocols: `["coup.v1", "coup.ticket.<ticket>"]`. */
    protocols: z.array(z.string()),
  })
  .meta({ id: 'TableTicket' });

export const TableCreated = z
  .object({
    match: MatchOut,
    ticket: TableTicket,
  })
  .meta({ id: 'Table' });
