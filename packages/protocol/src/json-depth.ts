// How deep a value from outside may nest. JSON.parse itself copes with any depth, but much of what runs
// after it does not: JSON.stringify, recursive walks and validators overflow the stack somewhere past a few
// thousand levels, and a stack overflow in an event handler ends the process. Nothing the platform accepts
// (requests, agents' answers, model answers, socket frames) needs more than a handful of levels, so every
// such value is refused past MAX_JSON_DEPTH, checked on the raw text before it is parsed (jsonTextTooDeep)
// or, for values that arrive already parsed, with an iterative walk (valueTooDeep). Neither recurses.
//
// No npm library does this cheaply (the depth-bounded parsers found are unmaintained or parse in pure
// JavaScript, far slower than JSON.parse); the scan is a dozen lines.

/** Arrays and objects nested deeper than this are refused: `{"a":1}` is 1 level, `{"a":[1]}` 2. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, judged from brackets outside strings
 * without parsing it: exact for valid JSON; for text that is not JSON the answer does not matter (the
 * parse that follows fails). One pass over the characters, stopping at the first level too deep.
 */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/**
 * Whether a value (parsed JSON, or anything an in-process caller hands over) nests arrays and objects
 * deeper than `max`. Walks with a stack of its own, never the call stack. Parsed JSON is a tree, and is
 * judged exactly; an object met again (shared, or a cycle: only in-process values have them) is not walked
 * again.
 */
export function valueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (value === null || typeof value !== 'object') return false;
  const seen = new Set<object>();
  const stack: [object, number][] = [[value, 1]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [v, depth] = top;
    if (depth > max) return true;
    if (seen.has(v)) continue;
    seen.add(v);
    const children: unknown[] = Array.isArray(v) ? v : Object.values(v);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** What every edge says about such a value (`what`: `body`, `message`, `answer`...). */
export const tooDeepMessage = (what: string, max = MAX_JSON_DEPTH) =>
  `${what}: nests arrays and objects more than ${max} levels deep`;
