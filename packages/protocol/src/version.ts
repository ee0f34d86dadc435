/**
 * Protocol 1: every decision request carries the whole history and the plain-text `prompt`. What agents
 * registered with historyMode `full` and wantsPrompt true receive, and what replays record and rebuild.
 * Bumped only when a name of PROTOCOL.md is renamed or removed (or changes meaning); added fields keep it.
 */
export const PROTOCOL_VERSION = 1 as const;
/**
 * Protocol 2: `history` may be a delta (events from `historyFrom` on) and `prompt` may be absent. Sent to
 * agents registered with historyMode `delta` or wantsPrompt false (PROTOCOL.md "History modes").
 */
export const PROTOCOL_VERSION_2 = 2 as const;
export type ProtocolVersionNumber = typeof PROTOCOL_VERSION | typeof PROTOCOL_VERSION_2;

/** How much history a seat's decision requests carry. */
export type HistoryMode = 'delta' | 'full';

/** What a seat's player wants on the wire (registered with the agent; see PROTOCOL.md "History modes"). */
export interface WirePrefs {
  historyMode: HistoryMode;
  wantsPrompt: boolean;
}

/** Protocol 1's requests: the whole history, with the prompt. */
export const FULL_WIRE: WirePrefs = Object.freeze({ historyMode: 'full', wantsPrompt: true });

/** The protocol version of the messages a seat with these preferences receives. */
export function protocolFor(w: WirePrefs | undefined): ProtocolVersionNumber {
  return !w || (w.historyMode === 'full' && w.wantsPrompt) ? PROTOCOL_VERSION : PROTOCOL_VERSION_2;
}
