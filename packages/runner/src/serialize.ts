import type { DecisionRequest, HistoryEntry } from '@coup/protocol';

// The history is most of a request's bytes and only ever grows, so its JSON is kept incrementally by the
// HistoryBook and spliced in here: serialising a request stays cheap however long the match runs.

const HISTORY_JSON = new WeakMap<
  readonly HistoryEntry[],
  { json: string | (() => string); length: number }
>();
const NO_HISTORY: HistoryEntry[] = [];
const MARK = '"history":[]';

/**
 * Records that `history` (a snapshot nobody mutates) serialises to `[${json}]`; `json` may be a function,
 * called only when the request is serialised (in-process agents never need it).
 */
export function rememberHistoryJson(history: readonly HistoryEntry[], json: string | (() => string)): void {
  HISTORY_JSON.set(history, { json, length: history.length });
}

/** JSON.stringify(req), byte for byte, reusing the remembered JSON of its history when there is one. */
export function requestJson(req: DecisionRequest): string {
  const cached = HISTORY_JSON.get(req.history);
  if (cached === undefined || cached.length !== req.history.length) return JSON.stringify(req);
  const head = JSON.stringify({ ...req, history: NO_HISTORY });
  // The first match is the top-level key: state has no "history" key, and a quote inside a string value
  // is always escaped, so the marker cannot appear inside one.
  const at = head.indexOf(MARK);
  if (typeof cached.json === 'function') cached.json = cached.json();
  return `${head.slice(0, at)}"history":[${cached.json}]${head.slice(at + MARK.length)}`;
}
