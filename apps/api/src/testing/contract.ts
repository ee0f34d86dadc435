import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { JsonSchema, OpenApiDoc } from './bad-values';

// Checks an HTTP response against what the OpenAPI document promises for its operation: a documented
// status, a documented content type, and a body valid against the documented schema (ajv, JSON Schema
// 2020-12, as OpenAPI 3.1 writes it). Anything else is a broken contract, described for the test report.

interface MediaType {
  schema?: JsonSchema;
}

interface DocResponse {
  description?: string;
  content?: Record<string, MediaType>;
}

export interface DocOperation {
  responses?: Record<string, DocResponse>;
}

export interface ObservedResponse {
  status: number;
  contentType: string | undefined;
  body: string;
}

export class ContractChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly compiled = new Map<object, ValidateFunction>();

  constructor(private readonly doc: OpenApiDoc) {
    addFormats(this.ajv);
    // `#/components/...` references resolve against the document, registered under this id.
    this.ajv.addSchema({ $id: 'openapi', components: doc.components ?? {} });
  }

  private validator(schema: JsonSchema): ValidateFunction {
    let v = this.compiled.get(schema);
    if (!v) {
      const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
      v = this.ajv.compile(rooted);
      this.compiled.set(schema, v);
    }
    return v;
  }

  /** What is wrong with the response, or null when the document describes it. */
  problem(method: string, path: string, res: ObservedResponse): string | null {
    const op = this.doc.paths[path]?.[method.toLowerCase()] as DocOperation | undefined;
    if (!op) return `${method} ${path} is not in the OpenAPI document`;
    if (res.status >= 500) return `server error ${res.status}: ${res.body.slice(0, 300)}`;
    const statuses = op.responses ?? {};
    const documented =
      statuses[String(res.status)] ?? statuses[`${String(res.status)[0]}XX`] ?? statuses.default;
    if (!documented) {
      return `status ${res.status} is not documented (documented: ${Object.keys(statuses).join(', ')}): ${res.body.slice(0, 300)}`;
    }
    if (!documented.content) {
      return res.body === '' ? null : `status ${res.status} documents no body, got ${res.body.slice(0, 200)}`;
    }
    const mediaType = (res.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const media = documented.content[mediaType];
    if (!media) {
      return `content-type ${res.contentType ?? '(none)'} is not documented for ${res.status} (documented: ${Object.keys(documented.content).join(', ')})`;
    }
    if (!mediaType.includes('json')) return null;
    let json: unknown;
    try {
      json = JSON.parse(res.body);
    } catch {
      return `status ${res.status} body is not JSON: ${res.body.slice(0, 200)}`;
    }
    if (!media.schema) return null;
    const validate = this.validator(media.schema);
    if (validate(json)) return null;
    const e = validate.errors?.[0];
    return `status ${res.status} body breaks its schema at ${e?.instancePath || '/'}: ${e?.message ?? 'invalid'} (${res.body.slice(0, 300)})`;
  }
}
