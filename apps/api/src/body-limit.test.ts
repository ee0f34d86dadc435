import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem, startHarness } from './testing/harness';
import type { Harness } from './testing/harness';
import { parseRawResponse, rawExchange } from './testing/raw-http';
import { DRAIN_MAX_BYTES } from './plugins/body-limit';

// A body over BODY_LIMIT_BYTES, sent by a plain client that writes its whole request before it reads: the
// client must read the 413 (the rest of the body is read and thrown away before the connection closes,
// rather than the socket being shut with unread bytes, which resets the connection and loses the answer).
// A client that asks `Expect: 100-continue` gets the 413 at once, never a 100 first.

let h: Harness;
const LIMIT = 64 * 1024;

beforeAll(async () => {
  h = await startHarness({ env: { BODY_LIMIT_BYTES: String(LIMIT) } });
});

afterAll(async () => {
  await h?.stop();
});

const head = (length: number, extra = '') =>
  `POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}${extra}`;

/** A JSON body of exactly `bytes` bytes. */
const bodyOf = (bytes: number) => Buffer.from(`{"name":"${'x'.repeat(bytes - 12)}"}`);

function expect413(bytes: Buffer, error: Error | undefined, what: string) {
  expect(error?.message, `${what}: the client got a socket error`).toBeUndefined();
  const res = parseRawResponse(bytes);
  expect(res?.status, `${what}: ${bytes.toString('utf8', 0, 200)}`).toBe(413);
  expect(errorShapeProblem(res?.json), what).toBeNull();
  expect(res?.json).toMatchObject({
    error: { code: 'payload_too_large', message: `the body is larger than the limit of ${LIMIT} bytes` },
  });
  expect(res?.headers.connection).toBe('close');
}

describe('a body over BODY_LIMIT_BYTES', () => {
  it.each([2, 8])(
    'a plain client that writes %i MB before reading reads the 413, 10 times out of 10',
    async (mb) => {
      const body = bodyOf(mb * 1024 * 1024);
      for (let i = 0; i < 10; i++) {
        const { bytes, error } = await rawExchange(h.url, head(body.length), body, { timeoutMs: 30_000 });
        expect413(bytes, error, `try ${i + 1} at ${mb} MB`);
      }
    },
    120_000,
  );

  it.each([2, 8])(
    'a client that writes %i MB in 64 KB pieces, still writing when the 413 comes, reads it, 10 times out of 10',
    async (mb) => {
      const body = bodyOf(mb * 1024 * 1024);
      for (let i = 0; i < 10; i++) {
        const { bytes, error } = await rawExchange(h.url, head(body.length), body, {
          timeoutMs: 30_000,
          chunkBytes: 64 * 1024,
        });
        expect413(bytes, error, `try ${i + 1} at ${mb} MB in pieces`);
      }
    },
    120_000,
  );

  it('a chunked body that grows past the limit: the client reads the 413 too', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'x');
    const parts: Buffer[] = [Buffer.from('{"name":"')];
    for (let i = 0; i < 8; i++) parts.push(chunk);
    parts.push(Buffer.from('"}'));
    const chunked = Buffer.concat([
      ...parts.flatMap((p) => [Buffer.from(`${p.length.toString(16)}\r\n`), p, Buffer.from('\r\n')]),
      Buffer.from('0\r\n\r\n'),
    ]);
    for (let i = 0; i < 5; i++) {
      const { bytes, error } = await rawExchange(
        h.url,
        'POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked',
        chunked,
        { timeoutMs: 30_000 },
      );
      expect413(bytes, error, `chunked try ${i + 1}`);
    }
  }, 60_000);

  it('Expect: 100-continue gets the 413 at once, with no 100 first, and no body is needed', async () => {
    for (const path of ['/v1/accounts', '/v1/agents', '/v1/no-such-route']) {
      const socket = net.connect(Number(new URL(h.url).port), '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (d) => chunks.push(d));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.on('error', () => undefined);
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${8 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`,
      );
      // The answer comes without any of the body being sent, and the server closes the connection.
      await closed;
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text, path).not.toMatch(/^HTTP\/1\.1 100/);
      const res = parseRawResponse(Buffer.concat(chunks));
      expect(res?.status, `${path}: ${text.slice(0, 200)}`).toBe(413);
      expect(res?.json).toMatchObject({ error: { code: 'payload_too_large' } });
    }
  }, 60_000);

  it('Expect: 100-continue within the limit still gets its 100 and is served', async () => {
    const body = JSON.stringify({ name: `expect-${Date.now().toString(36)}` });
    const socket = net.connect(Number(new URL(h.url).port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => {
      chunks.push(d);
      if (chunks.length === 1 && d.toString().startsWith('HTTP/1.1 100')) socket.write(body);
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n` +
        `X-Forwarded-For: 198.51.100.77\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await closed;
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
  });

  it('reads a refused body only up to a cap: a client that never stops is cut off', async () => {
    // Half-open: the client goes on writing after the server's FIN, as a client that never reads would.
    const socket = net.connect({ port: Number(new URL(h.url).port), host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => undefined);
    const block = Buffer.alloc(1024 * 1024, 'x');
    let sent = 0;
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('connect', () => {
      socket.write(head(1024 * 1024 * 1024) + '\r\n\r\n');
      const pump = () => {
        while (!socket.destroyed && sent < 1024 * 1024 * 1024) {
          sent += block.length;
          if (!socket.write(block)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    await closed;
    expect(parseRawResponse(Buffer.concat(chunks))?.status).toBe(413);
    // Cut off once the cap was read, long before the gigabyte it announced.
    expect(sent).toBeGreaterThan(DRAIN_MAX_BYTES / 2);
    expect(sent).toBeLessThan(4 * DRAIN_MAX_BYTES);
  }, 60_000);

  it('the server goes on serving new connections', async () => {
    const res = await fetch(`${h.url}/healthz`);
    expect(res.status).toBe(200);
  });
});
