// Which failures come from a backing service that is away for a moment (Postgres or Redis unreachable, a
// connection cut by a restart, a pool or lock timeout) rather than from the request or the job itself.
// Shared by the worker (a transient job failure is retried with a backoff that outlasts an outage; anything
// else fails once) and the API (a transient failure is a 503 `unavailable`, not a 500).

/** Prisma: cannot reach the server, timed out, connection closed, pool timeout, write conflict, too many connections. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2034', 'P2037']);
/** Driver-adapter error kinds that are about the connection, not the query. */
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
/** Socket errors (Node's errno codes). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** Error class names of ioredis and Prisma that always mean "the server is not there right now". */
const TRANSIENT_NAMES = new Set(['MaxRetriesPerRequestError', 'PrismaClientInitializationError']);
/** Messages of pg and ioredis when a connection dies under a query. */
const TRANSIENT_MESSAGE =
  /connection terminated|connection error|not queryable|connection is closed|stream isn't writeable|socket hang up|ECONNREFUSED|ECONNRESET/i;

/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (admin or crash shutdown, cannot connect now),
 * class 53 (insufficient resources), 40001 and 40P01 (serialization failure, deadlock).
 */
function transientSqlState(code: string): boolean {
  return (
    /^(08|53)[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '40001' || code === '40P01'
  );
}

type Inspectable = {
  name?: unknown;
  code?: unknown;
  kind?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
};

/** The error, its causes, and what Prisma keeps of the driver's error, nearest first. */
function* chain(err: unknown): Generator<Inspectable> {
  const seen = new Set<unknown>();
  const todo: unknown[] = [err];
  while (todo.length > 0) {
    const e = todo.shift();
    if (e === null || typeof e !== 'object' || seen.has(e) || seen.size > 20) continue;
    seen.add(e);
    const x = e as Inspectable;
    yield x;
    todo.push(x.cause, x.meta?.driverAdapterError);
    if (e instanceof AggregateError) todo.push(...(e.errors as unknown[]));
  }
}

/** True when the failure comes from an unreachable or restarting Postgres or Redis: trying again later may work. */
export function isTransient(err: unknown): boolean {
  for (const e of chain(err)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || transientSqlState(code)) return true;
    if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
    if (typeof e.name === 'string' && TRANSIENT_NAMES.has(e.name)) return true;
    if (typeof e.message === 'string' && TRANSIENT_MESSAGE.test(e.message)) return true;
  }
  return false;
}
