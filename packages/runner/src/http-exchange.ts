import type { Dispatcher } from 'undici';
import { AgentFault } from './fault';

/** What came back from one POST: the status, the content type as sent, and the body read whole. */
export interface Exchanged {
  status: number;
  contentType: string | string[] | undefined;
  text: string;
  bytes: number;
}

export interface ExchangeOptions {
  path: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  /** A 2xx body bigger than this is a `too_large` fault; reading stops there (the socket is closed). */
  max: number;
  /**
   * true (decisions): a non-2xx status is an `http_status` fault at once, its page drained in the
   * background. false (notifications): the page is drained first, then the promise rejects.
   */
  failFast: boolean;
}

/** An error page up to this size is read to its end, so its keep-alive socket can carry the next request. */
const DRAIN_LIMIT = 4096;

/**
 * One POST over an undici dispatcher, read through a dispatch handler rather than `pool.request`: no body
 * stream, no async iterator and no per-request signal plumbing in undici: a quarter to a third less CPU
 * a request on the platform's side (DESIGN.md, issue 23). The answer is buffered, as before: answers are
 * small and capped at `max`.
 */
export function exchange(dispatcher: Dispatcher, o: ExchangeOptions): Promise<Exchanged> {
  return new Promise<Exchanged>((resolve, reject) => {
    const { signal } = o;
    let controller: Dispatcher.DispatchController | null = null;
    let settled = false;
    let status = 0;
    let contentType: string | string[] | undefined;
    let limit = o.max;
    let size = 0;
    const chunks: Buffer[] = [];

    const onAbort = () => stop(signal.reason ?? new Error('aborted'));
    const done = () => signal.removeEventListener('abort', onAbort);
    const fail = (err: unknown) => {
      done();
      if (settled) return;
      settled = true;
      reject(err);
    };
    /** Ends the request and its socket (undici then reports `reason` to onResponseError). */
    const stop = (reason: unknown) => {
      if (controller) controller.abort(reason instanceof Error ? reason : new Error(String(reason)));
      else fail(reason);
    };

    if (signal.aborted) return fail(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (signal.aborted) c.abort(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      onResponseStart(c, statusCode, headers) {
        status = statusCode;
        contentType = headers['content-type'];
        const ok = statusCode >= 200 && statusCode <= 299;
        if (!ok) {
          limit = DRAIN_LIMIT;
          if (o.failFast) fail(new AgentFault('http_status', `HTTP ${statusCode}`));
          return;
        }
        const declared = Number(headers['content-length']);
        if (declared > o.max) {
          const fault = new AgentFault('too_large', `answer of ${declared} bytes (max ${o.max})`);
          fail(fault);
          c.abort(fault);
        }
      },
      onResponseData(c, chunk) {
        size += chunk.length;
        if (size > limit) {
          const fault =
            limit === o.max
              ? new AgentFault('too_large', `answer over ${o.max} bytes`)
              : new Error(`HTTP ${status}: an error page over ${DRAIN_LIMIT} bytes`);
          fail(fault);
          c.abort(fault);
          return;
        }
        chunks.push(chunk);
      },
      onResponseEnd() {
        done();
        if (settled) return;
        if (status < 200 || status > 299) return fail(new Error(`HTTP ${status}`));
        settled = true;
        const text =
          chunks.length === 1
            ? (chunks[0] as Buffer).toString('utf8')
            : Buffer.concat(chunks).toString('utf8');
        resolve({ status, contentType, text, bytes: size });
      },
      onResponseError(_c, err) {
        fail(err);
      },
    };
    try {
      dispatcher.dispatch({ method: 'POST', path: o.path, headers: o.headers, body: o.body }, handler);
    } catch (err) {
      fail(err);
    }
  });
}
