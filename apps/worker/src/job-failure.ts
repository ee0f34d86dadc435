import { UnrecoverableError } from 'bullmq';
import { isTransient } from '@coup/gateway';

// Which failures of a job are worth another try: a transient one (isTransient, @coup/gateway) is retried
// with a backoff that outlasts an outage; anything else would fail the same way again, so it fails once
// (BullMQ's UnrecoverableError) instead of replaying a match against live agents over and over.

/** What a job processor throws: a transient error as is (BullMQ retries it), anything else as unrecoverable. */
export function asJobFailure(err: unknown): Error {
  if (err instanceof UnrecoverableError) return err;
  if (isTransient(err)) return err instanceof Error ? err : new Error(String(err));
  const message = err instanceof Error ? err.message : String(err);
  return new UnrecoverableError(message.trim().slice(0, 1000));
}
