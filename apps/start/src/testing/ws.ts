import WebSocket from 'ws';

// A raw WebSocket client for tests: every JSON message is kept, and `next` waits for one that matches.

export type Message = Record<string, unknown> & { type?: string };

export interface TestSocket {
  ws: WebSocket;
  messages: Message[];
  /** Resolves with the first message (already received or to come) after `from` that matches. */
  next(match: (m: Message) => boolean, timeoutMs?: number): Promise<Message>;
  send(msg: object): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export async function openSocket(
  url: string,
  key?: string,
  /** `protocols`: WebSocket subprotocols to offer (a table's ticket travels as one). */
  o: { headers?: Record<string, string>; protocols?: string[] } = {},
): Promise<TestSocket> {
  const headers = { ...o.headers, ...(key ? { authorization: `Bearer ${key}` } : {}) };
  const ws = new WebSocket(url, o.protocols ?? [], { headers });
  const messages: Message[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (data) => {
    messages.push(JSON.parse(data.toString()) as Message);
    for (const w of waiters) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let cursor = 0;
  return {
    ws,
    messages,
    closed,
    send: (msg) => ws.send(JSON.stringify(msg)),
    next(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (cursor < messages.length) {
            const m = messages[cursor++] as Message;
            if (match(m)) {
              done();
              resolve(m);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(
            new Error(
              `no matching message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-3))}`,
            ),
          );
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };
}

/** The socket's close, which must come within `ms` ("at once": well before any ping or presence timeout). */
export async function closedWithin(s: TestSocket, ms = 3000): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([s.closed, late]);
  } finally {
    clearTimeout(timer);
  }
}
