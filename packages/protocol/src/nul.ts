// Postgres text and jsonb cannot hold the NUL character (U+0000): a string carrying one fails the write with
// a database error. Everything that arrives from outside (API requests, agent answers) is checked for it
// at the edge, so such input is refused with a clear message instead of failing deep inside a write.

const NUL = '\u0000';

/**
 * The path (like `body.agents.1` or `query.q`) of the first string, or object key, in `value` that holds
 * a NUL character; null when there is none. `root` names the value itself.
 */
export function findNul(value: unknown, root: string): string | null {
  const seen = new Set<object>();
  const walk = (v: unknown, path: string): string | null => {
    if (typeof v === 'string') return v.includes(NUL) ? path : null;
    if (v === null || typeof v !== 'object' || seen.has(v)) return null;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = walk(v[i], `${path}.${i}`);
        if (found) return found;
      }
      return null;
    }
    for (const [key, child] of Object.entries(v)) {
      if (key.includes(NUL)) return `${path}.${JSON.stringify(key)}`;
      const found = walk(child, `${path}.${key}`);
      if (found) return found;
    }
    return null;
  };
  return walk(value, root);
}

/** The message every edge gives for a NUL character at `path`. */
export const nulMessage = (path: string) =>
  `${path}: contains a NUL character (\\u0000), which cannot be stored`;
