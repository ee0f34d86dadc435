import { generateSync } from 'json-schema-faker';
import type { JsonSchema as JsfSchema } from 'json-schema-faker';
import type { JsonSchema, OpenApiDoc } from './bad-values';

// Values that an OpenAPI document's schemas accept, generated (json-schema-faker, seeded, so a failing case
// can be replayed), for tests that send every operation valid requests.

/** Tests never reach outside this machine: every generated URL points at a closed local port instead. */
const LOCAL_URL = 'http://127.0.0.1:9';

function keepLocal(v: unknown): unknown {
  if (typeof v === 'string') {
    const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(v);
    return m ? `${LOCAL_URL}${m[1]?.startsWith('/') ? m[1] : '/'}` : v;
  }
  if (Array.isArray(v)) return v.map(keepLocal);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, keepLocal(x)]));
  }
  return v;
}

export interface SampleOptions {
  /** Fill every optional property (default: about half of them). */
  allOptionals?: boolean;
}

/** A value `schema` accepts; `$ref`s to `#/components/...` resolve in `doc`. Same seed, same value. */
export function sampleOf(doc: OpenApiDoc, schema: JsonSchema, seed: number, o: SampleOptions = {}): unknown {
  const root = { ...schema, components: doc.components } as JsfSchema;
  const value = generateSync(root, { seed, alwaysFakeOptionals: o.allOptionals ?? false });
  return keepLocal(value);
}

/** The same, as a query-string or path value (always a string). */
export const sampleText = (doc: OpenApiDoc, schema: JsonSchema, seed: number) =>
  String(sampleOf(doc, schema, seed));
