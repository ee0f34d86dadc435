import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '@coup/db';
import { openapiYaml } from './openapi-doc';

describe('openapi.yaml', () => {
  it('is generated from the routes and committed up to date (run `npm run openapi` after changing a route)', async () => {
    const generated = await openapiYaml();
    const committed = readFileSync(path.join(repoRoot, 'openapi.yaml'), 'utf8');
    expect(committed).toBe(generated);
  });

  it('is OpenAPI 3.1 and documents every /v1 route with its schemas', async () => {
    const doc = parse(await openapiYaml()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/v1/accounts',
      '/v1/agents',
      '/v1/agents/{id}',
      '/v1/matches',
      '/v1/matches/{id}/replay',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(doc.paths['/v1/matches']?.post?.responses['201']).toBeDefined();
    expect(doc.paths['/v1/matches']?.post?.responses['400']).toBeDefined();
  });
});
