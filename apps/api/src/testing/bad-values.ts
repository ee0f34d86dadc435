// Values that break a JSON schema (as written in the OpenAPI document), for bad-input tests generated from
// the routes' own schemas: a new field or parameter gets its bad values without anyone writing them.

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
}

export interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The OpenAPI operation of a Fastify route (`/v1/agents/:id` is `/v1/agents/{id}` there). */
export function operationOf(doc: OpenApiDoc, method: string, url: string): OpenApiOperation | undefined {
  const path = url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  return doc.paths[path]?.[method.toLowerCase()];
}

export function deref(doc: OpenApiDoc, s: JsonSchema): JsonSchema {
  const ref = s.$ref?.replace('#/components/schemas/', '');
  return ref ? deref(doc, doc.components?.schemas?.[ref] ?? {}) : s;
}

const types = (s: JsonSchema): string[] => {
  if (s.anyOf || s.oneOf) return (s.anyOf ?? s.oneOf ?? []).flatMap(types);
  return Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
};

/** JSON values the schema rejects. */
export function badJsonValues(s: JsonSchema): unknown[] {
  const t = types(s);
  if (t.length === 0) return [];
  const out: unknown[] = [];
  if (!t.includes('string')) out.push('not-a-valid-value');
  if (!t.includes('number') && !t.includes('integer')) out.push(12345);
  if (!t.includes('object')) out.push({ nested: true });
  if (!t.includes('array')) out.push([1, 2]);
  if (!t.includes('boolean')) out.push(true);
  if (!t.includes('null')) out.push(null);
  const one = s.anyOf || s.oneOf ? undefined : s;
  if (one?.enum) out.push('not-one-of-the-values');
  if (one?.maxLength !== undefined) out.push('x'.repeat(one.maxLength + 1));
  if (one?.minLength !== undefined && one.minLength > 0) out.push('');
  if (one?.pattern) out.push('!! not matching !!');
  if (one?.format === 'uri') out.push('not a url');
  if (one?.minimum !== undefined) out.push(one.minimum - 1);
  if (one?.maximum !== undefined) out.push(one.maximum + 1);
  if (t.includes('integer') && !t.includes('number')) out.push(1.5);
  if (one?.minItems !== undefined && one.minItems > 0) out.push([]);
  if (one?.maxItems !== undefined) out.push(new Array(one.maxItems + 1).fill('x'));
  if (one?.items) for (const bad of badJsonValues(one.items).slice(0, 3)) out.push([bad]);
  return out;
}

/** Query-string values (always strings) the schema rejects. */
export function badQueryValues(s: JsonSchema): string[] {
  const t = types(s);
  const out: string[] = [];
  if (t.includes('integer') || t.includes('number')) {
    // Not '': z.coerce reads it as 0, a valid value for some parameters (?seat=).
    out.push('abc', 'NaN', '1e999');
    if (t.includes('integer')) out.push('1.5');
  }
  if (s.enum) out.push('not-one-of-the-values');
  if (s.pattern) out.push('!! not matching !!');
  if (s.minimum !== undefined) out.push(String(s.minimum - 1));
  if (s.maximum !== undefined) out.push(String(s.maximum + 1));
  if (s.maxLength !== undefined) out.push('x'.repeat(s.maxLength + 1));
  if (t.includes('boolean')) out.push('maybe');
  return [...new Set(out)];
}

/** Path-parameter values the schema rejects, and one it accepts that names nothing (expect 404). */
export function badPathValues(s: JsonSchema): { invalid: string[]; unknown: string | null } {
  const invalid = ['x', '!!', "ag_a'b", 'ag_a b', 'é', '..', '0'];
  if (s.maxLength !== undefined) invalid.push(`${prefixOf(s) ?? 'x'}_${'a'.repeat(s.maxLength)}`);
  const prefix = prefixOf(s);
  if (prefix) invalid.push(`${prefix}_`, `${prefix}-abc`, `zz_${'a'.repeat(8)}`);
  return { invalid: [...new Set(invalid)], unknown: prefix ? `${prefix}_doesNotExist0` : null };
}

function prefixOf(s: JsonSchema): string | null {
  const m = /^\^([a-z]+)_/.exec(s.pattern ?? '');
  return m ? (m[1] as string) : null;
}
