import { jsonTextTooDeep, MAX_JSON_DEPTH, tooDeepMessage } from '@coup/protocol';
import type { DecisionRequest } from '@coup/protocol';

// Models do not always answer with bare JSON, even in JSON mode: they wrap it in a code fence, add a
// sentence before it, answer the action object without the {"action": ...} wrapper, or just name the
// action. This turns such text into the answer body the runner checks ({"action": ..., "comment"?}), or
// says why it cannot. Legality is not judged here (the runner's checkAnswer does that).

type LegalAction = DecisionRequest['legalActions'][number];

export type Extracted = { ok: true; body: Record<string, unknown> } | { ok: false; message: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** An answer body from a parsed JSON value: {"action": ...}, or a bare action object {"type": ...}. */
function bodyOf(value: unknown): Record<string, unknown> | null {
  if (!isObject(value)) return null;
  if ('action' in value) {
    // {"action": "income"}: a type named as a string is the action without data.
    const action = value.action;
    return typeof action === 'string' ? { ...value, action: { type: action } } : value;
  }
  if (typeof value.type === 'string') return { action: value };
  return null;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Every balanced {...} span of the text, outermost first, in order (strings and escapes respected); null
 * when one nests deeper than MAX_JSON_DEPTH (such an answer is refused, and is not scanned further).
 */
function objectSpans(text: string): string[] | null {
  const spans: string[] = [];
  for (let start = text.indexOf('{'); start >= 0 && spans.length < 20; start = text.indexOf('{', start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') {
        if (++depth > MAX_JSON_DEPTH) return null;
      } else if (c === '}' && --depth === 0) {
        spans.push(text.slice(start, i + 1));
        break;
      }
    }
  }
  return spans;
}

/** The legal action the text names by type, when exactly one legal action has a type it names. */
function namedAction(text: string, legal: readonly LegalAction[]): LegalAction | null {
  const lower = text.toLowerCase();
  const named = new Set<string>();
  for (const a of legal) {
    const words = [a.type, a.type.replace('_', ' ')];
    if (words.some((w) => new RegExp(`\\b${w}\\b`).test(lower))) named.add(a.type);
  }
  if (named.size !== 1) return null;
  const [type] = [...named];
  const candidates = legal.filter((a) => a.type === type);
  return candidates.length === 1 ? (candidates[0] as LegalAction) : null;
}

const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 120)}...` : flat;
};

/**
 * The answer body in a model's text: the whole text as JSON, else the first JSON object in it (code fences
 * and prose around it are ignored) that is an answer or an action, else the one legal action it names by
 * type when that is unambiguous (e.g. "I pass." when `pass` is legal).
 */
export function extractAnswer(text: string, legal: readonly LegalAction[]): Extracted {
  if (!text.trim()) return { ok: false, message: 'the model answered nothing' };
  // Refused before any parse: what reads the body afterwards (validation, the replay) must not recurse
  // thousands of levels deep.
  const tooDeep = { ok: false, message: tooDeepMessage('the answer') } as const;
  if (jsonTextTooDeep(text)) return tooDeep;
  const whole = bodyOf(parse(text.trim()));
  if (whole) return { ok: true, body: whole };
  const spans = objectSpans(text);
  if (!spans) return tooDeep;
  for (const span of spans) {
    const body = bodyOf(parse(span));
    if (body) return { ok: true, body };
  }
  const named = namedAction(text, legal);
  if (named) return { ok: true, body: { action: named } };
  return {
    ok: false,
    message: `no JSON object {"action": ...} in the answer, and it names no single legal action: "${preview(text)}"`,
  };
}
