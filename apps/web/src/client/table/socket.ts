import type { DecisionRequest, MatchEnd } from '@coup/protocol';
import { ApiError } from '../api';
import type { TableTicket } from '../types';

// A person's seat at a table: the agents' WebSocket (/v1/agents/connect), opened with a one-time ticket
// offered as a subprotocol (a browser cannot send an Authorization header on a WebSocket). The seat gets
// what a WebSocket agent gets (welcome, match_start, decision, match_end, error) and answers decisions.
// A dropped socket reconnects with a new ticket; decisions still open are sent again by the platform.

export type SeatMessage =
  | { type: 'welcome'; agentId: string; name: string; matchId?: string }
  | { type: 'match_start'; matchId: string; seat: number; timeoutMs: number }
  | DecisionRequest
  | MatchEnd
  | { type: 'error'; code: string; message: string };

export interface SeatListener {
  connection(state: 'connecting' | 'open' | 'lost' | 'closed'): void;
  message(m: SeatMessage): void;
  /** The table ended while the page was away (no ticket is issued any more). */
  ended(): void;
  /** Cannot connect (after retries): why. */
  failed(message: string): void;
}

export interface Seat {
  answer(decisionId: string, action: unknown): boolean;
}

const MAX_RETRIES = 6;

export function sitAtTable(ticket: () => Promise<TableTicket>, l: SeatListener, signal: AbortSignal): Seat {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/v1/agents/connect`;
  let socket: WebSocket | null = null;
  let retries = 0;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function connect(): Promise<void> {
    if (signal.aborted || done) return;
    l.connection('connecting');
    let t: TableTicket;
    try {
      t = await ticket();
    } catch (err) {
      if (signal.aborted) return;
      if (err instanceof ApiError && err.code === 'table_ended') {
        done = true;
        return l.ended();
      }
      return retry(err instanceof Error ? err.message : String(err));
    }
    if (signal.aborted) return;
    const ws = new WebSocket(url, t.protocols);
    socket = ws;
    ws.addEventListener('open', () => {
      retries = 0;
      l.connection('open');
    });
    ws.addEventListener('message', (ev) => {
      let m: SeatMessage;
      try {
        m = JSON.parse(String(ev.data)) as SeatMessage;
      } catch {
        return;
      }
      l.message(m);
      if (m.type === 'match_end') {
        done = true;
        ws.close(1000, 'table over');
      }
    });
    ws.addEventListener('close', () => {
      if (socket !== ws || signal.aborted) return;
      socket = null;
      if (done) return l.connection('closed');
      retry('the connection to the table was lost');
    });
  }

  function retry(why: string): void {
    if (retries++ >= MAX_RETRIES) {
      done = true;
      return l.failed(`${why}; reload the page to try again`);
    }
    l.connection('lost');
    timer = setTimeout(() => void connect(), Math.min(8000, 300 * 2 ** retries));
  }

  signal.addEventListener('abort', () => {
    clearTimeout(timer);
    socket?.close(1000, 'page closed');
  });
  void connect();
  return {
    answer(decisionId, action) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify({ type: 'answer', decisionId, action }));
      return true;
    },
  };
}
