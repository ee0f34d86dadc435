import type { FaultReason } from '@coup/protocol';

/** A transport-level failure of one decision (timeout, bad status, bad body...): the seat gets a fault. */
export class AgentFault extends Error {
  readonly reason: FaultReason;

  /** `cause`: the underlying error of a transport_error (callers tell a refused address from a dead one). */
  constructor(reason: FaultReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AgentFault';
    this.reason = reason;
  }
}
