import type { FaultReason } from '@coup/protocol';

/** A transport-level failure of one decision (timeout, bad status, bad body...): the seat gets a fault. */
export class AgentFault extends Error {
  readonly reason: FaultReason;

  constructor(reason: FaultReason, message: string) {
    super(message);
    this.name = 'AgentFault';
    this.reason = reason;
  }
}
