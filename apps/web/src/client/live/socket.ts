import type { GameEvent, PlayerView } from '@coup/engine';

// The spectator socket of a match (/v1/matches/:id/live): `hello`, then every public `update` so far and as
// they come, then `end`. After a dropped connection it reconnects, and the server sends the log again from
// the start: the listener is told to start over.

export type LiveMessage =
  | { type: 'hello'; matchId: string; status: string }
  | {
      type: 'update';
      matchId: string;
      events: GameEvent[];
      state: PlayerView;
      /** Index of `events[0]` among the match's public events (a catch-up starts before what is new). */
      fromEvent?: number;
      /** The first update after watching started: the public state and the most recent events. */
      catchUp?: boolean;
    }
  | { type: 'end'; matchId: string; ranking?: number[][]; status?: string }
  | { type: 'error'; code: string; message: string };

export interface LiveListener {
  /** A (re)connection: whatever was shown is about to be sent again. */
  reset(): void;
  message(m: LiveMessage): void;
  connection(state: 'connecting' | 'open' | 'lost' | 'closed'): void;
}

const MAX_RETRIES = 8;

export function watchLive(matchId: string, l: LiveListener, signal: AbortSignal): void {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/v1/matches/${encodeURIComponent(matchId)}/live`;
  let retries = 0;
  let ended = false;
  let socket: WebSocket | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function connect(): void {
    if (signal.aborted) return;
    l.connection('connecting');
    const ws = new WebSocket(url);
    socket = ws;
    const seen = new Set<string>();
    ws.addEventListener('open', () => {
      retries = 0;
      l.reset();
      l.connection('open');
    });
    ws.addEventListener('message', (ev) => {
      const raw = String(ev.data);
      if (seen.has(raw)) return;
      seen.add(raw);
      let m: LiveMessage;
      try {
        m = JSON.parse(raw) as LiveMessage;
      } catch {
        return;
      }
      l.message(m);
      if (m.type === 'end' || m.type === 'error') {
        ended = true;
        ws.close(1000, 'match over');
      }
    });
    ws.addEventListener('close', () => {
      if (socket !== ws || signal.aborted) return;
      if (ended) return l.connection('closed');
      l.connection('lost');
      if (retries++ < MAX_RETRIES) timer = setTimeout(connect, Math.min(8000, 500 * 2 ** retries));
    });
  }

  signal.addEventListener('abort', () => {
    clearTimeout(timer);
    socket?.close(1000, 'page closed');
  });
  connect();
}
