// Postgres cannot store every JavaScript string. A NUL character (U+0000) fails any text or jsonb write,
// and an unpaired UTF-16 surrogate fails a jsonb write (a text column silently turns it into U+FFFD).
// Everything that arrives from outside (API requests, agent answers) is checked for both at the edge, so
// such input is refused with a message naming the field instead of failing deep inside a write.

// With the `u` flag a well-formed surrogate pair is one code point: only unpaired halves match \p{Cs}.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /[\u0000\p{Cs}]/u;

export interface UnstorableText {
  /** Where, like `body.agents.1`, `query.q` or `answer.action.type`. */
  path: string;
  /** What is wrong, for an error message: `${path}: ${problem}`. */
  problem: string;
}

function problemOf(s: string): string | null {
  const m = UNSTORABLE.exec(s);
  if (!m) return null;
  return m[0] === '\u0000'
    ? 'contains a NUL character (\\u0000), which cannot be stored'
    : 'contains an unpaired UTF-16 surrogate, which is not Unicode text';
}

/**
 * The first string, or object key, in `value` that Postgres cannot store, and what is wrong with it; null
 * when there is none. `root` names the value itself in the path. Walks depth first in key order with a
 * stack of its own (never the call stack: a value nested thousands of levels deep cannot overflow it).
 */
export function findUnstorableText(value: unknown, root: string): UnstorableText | null {
  const seen = new Set<object>();
  // What is left to look at, the next on top: a value at a path, or an object key (checked before its value).
  const todo: { v: unknown; path: string; key?: string }[] = [{ v: value, path: root }];
  for (let next = todo.pop(); next; next = todo.pop()) {
    const { v, path, key } = next;
    if (key !== undefined) {
      const problem = problemOf(key);
      if (problem) return { path: `${path}.${JSON.stringify(key)}`, problem: `key ${problem}` };
      continue;
    }
    if (typeof v === 'string') {
      const problem = problemOf(v);
      if (problem) return { path, problem };
      continue;
    }
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) todo.push({ v: v[i], path: `${path}.${i}` });
      continue;
    }
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i] as [string, unknown];
      todo.push({ v: child, path: `${path}.${k}` }, { v: undefined, path, key: k });
    }
  }
  return null;
}

/** `path: problem`, the message every edge gives. */
export const unstorableMessage = (u: UnstorableText) => `${u.path}: ${u.problem}`;
