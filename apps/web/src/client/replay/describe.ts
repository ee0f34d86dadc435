import { describeEvent as eventWords } from '@coup/protocol/describe';
import type { Describable, Who } from '@coup/protocol/describe';

// The viewer's words come from @coup/protocol's describer (the same as the agents' prompt and the CLI);
// here only how the web UI shows them: seats by their names, events as sentences.

export { actionWords, describeAction, describeAnswer, roleName } from '@coup/protocol/describe';
export type Names = Who;

/** Seats by their display names (the board shows which seat is which). */
export function namesOf(names: readonly string[]): Names {
  return (seat) => (seat === null || seat === undefined ? 'nobody' : (names[seat] ?? `seat ${seat}`));
}

/** An event as a sentence of the viewer's log. */
export function describeEvent(e: Describable, n: Names): string {
  return `${eventWords(e, n)}.`;
}
