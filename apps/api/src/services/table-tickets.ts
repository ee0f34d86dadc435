import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { TABLE_PROTOCOL, TICKET_PROTOCOL_PREFIX } from '@coup/api-contract';
import type { TableTicket } from '@coup/api-contract/types';
import type { Keys } from '@coup/gateway';

// Browsers cannot send an Authorization header when they open a WebSocket, and an API key in a URL ends
// up in logs and history. So a person's socket is opened with a ticket instead: random, issued to an
// authenticated account by a REST call, good for one socket of one seat at one table, for one minute,
// and offered as a WebSocket subprotocol (`coup.ticket.<ticket>`), never in the URL. Redis keeps only its
// hash, and takes it back at first use (GETDEL), so a ticket opens at most one socket.

/** How long a ticket may wait before its socket is opened. */
export const TICKET_TTL_MS = 60_000;

export interface TicketClaim {
  agentId: string;
  matchId: string;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export async function issueTicket(
  redis: Redis,
  keys: Keys,
  seat: { agentId: string; matchId: string; seat: number },
  publicUrl: string,
): Promise<TableTicket> {
  const ticket = randomBytes(24).toString('base64url');
  const claim: TicketClaim = { agentId: seat.agentId, matchId: seat.matchId };
  await redis.set(keys.tableTicket(hashOf(ticket)), JSON.stringify(claim), 'PX', TICKET_TTL_MS);
  return {
    matchId: seat.matchId,
    seat: seat.seat,
    agentId: seat.agentId,
    ticket,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS).toISOString(),
    url: `${publicUrl.replace(/^http/, 'ws')}/v1/agents/connect`,
    protocols: [TABLE_PROTOCOL, `${TICKET_PROTOCOL_PREFIX}${ticket}`],
  };
}

/** The ticket offered among a WebSocket request's subprotocols, if any. */
export function offeredTicket(header: string | string[] | undefined): string | null {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  for (const v of values) {
    const p = v.trim();
    if (p.startsWith(TICKET_PROTOCOL_PREFIX)) return p.slice(TICKET_PROTOCOL_PREFIX.length);
  }
  return null;
}

/** Takes the ticket back (it opens one socket only) and says whose seat it opens; null if unknown or used. */
export async function redeemTicket(redis: Redis, keys: Keys, ticket: string): Promise<TicketClaim | null> {
  if (ticket.length === 0 || ticket.length > 100) return null;
  const raw = await redis.getdel(keys.tableTicket(hashOf(ticket)));
  if (!raw) return null;
  try {
    return JSON.parse(raw) as TicketClaim;
  } catch {
    return null;
  }
}
