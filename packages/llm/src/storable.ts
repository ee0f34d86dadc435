import { LLM_RAW_MAX_CHARS } from '@coup/protocol';

/**
 * Model text as the replay can store it: Postgres jsonb holds no NUL character and no unpaired surrogate
 * (both become U+FFFD), and one call keeps at most LLM_RAW_MAX_CHARS characters.
 */
export function storableText(text: string): string {
  // eslint-disable-next-line no-control-regex
  let out = text.replace(/\u0000/g, '\uFFFD');
  out = out.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  if (out.length <= LLM_RAW_MAX_CHARS) return out;
  // Never cut a surrogate pair in two.
  let end = LLM_RAW_MAX_CHARS;
  if (/[\uD800-\uDBFF]/.test(out[end - 1] ?? '')) end--;
  return `${out.slice(0, end)}...[cut]`;
}
